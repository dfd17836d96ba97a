import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IMAGE_MIME_TYPES, PHOTO_MAX_BYTES } from "@shared/constants";
import { T } from "@shared/strings";
import { purgeUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS } from "@worker/features/uploads/service";
import { readUpload, UploadTooLarge, UploadWrongType } from "@worker/lib/upload-bytes";
import { call, createAccount, signedInUser } from "./helpers";
import { PNG } from "./security-routes";

const JPEG = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]);
const HTML = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";

const keyOf = (objectPath: string) => objectPath.replace(/^\/api\/objects\//, "");

// A body that produces `total` bytes in 64 KB chunks only as they are read, counting what was read.
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024);
  chunk.set(PNG());
  const read = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close();
      read.bytes += chunk.byteLength;
      controller.enqueue(chunk.slice());
    },
  });
  return { stream, read };
}

describe("uploads are checked by their bytes", () => {
  it("refuses HTML labelled image/png with 415 and stores nothing", async () => {
    const { user, cookie } = await signedInUser();
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    const res = await call(upload.uploadURL, { method: "PUT", cookie, rawBody: HTML, headers: { "Content-Type": "image/png" } });
    expect(res.status).toBe(415);
    expect(res.json.error).toBe(`${T.photoInvalidFormatTitle}: ${T.photoInvalidFormat}`);
    expect(await env.UPLOADS.head(keyOf(upload.uploadURL))).toBeNull();
    // The same through the multipart profile photo.
    const form = new FormData();
    form.set("profilePhoto", new File([HTML], "me.png", { type: "image/png" }));
    expect((await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: form })).status).toBe(415);
    expect((await env.UPLOADS.list({ prefix: `users/${user.id}/` })).objects).toEqual([]);
  });

  it("stores the type the bytes are, whatever the label says", async () => {
    const { cookie } = await signedInUser();
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    const res = await call(upload.uploadURL, { method: "PUT", cookie, rawBody: JPEG(), headers: { "Content-Type": "image/png" } });
    expect(res.status, res.text).toBe(200);
    expect((await env.UPLOADS.head(keyOf(res.json.objectPath)))!.httpMetadata!.contentType).toBe("image/jpeg");
    const served = await call(res.json.objectPath, { cookie });
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("refuses a chunked 60 MB body after reading little more than the limit", async () => {
    const { cookie } = await signedInUser();
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    const { stream, read } = lazyBody(60 * 1024 * 1024);
    const res = await call(upload.uploadURL, { method: "PUT", cookie, rawBody: stream, headers: { "Content-Type": "image/png" } });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(`${T.photoTooLargeTitle}: ${T.photoTooLarge}`);
    expect(read.bytes).toBeLessThan(PHOTO_MAX_BYTES + 1024 * 1024);
    expect(await env.UPLOADS.head(keyOf(upload.uploadURL))).toBeNull();
  });

  it("refuses a chunked oversize multipart photo the same way", async () => {
    const { cookie } = await signedInUser();
    const { stream, read } = lazyBody(60 * 1024 * 1024);
    const res = await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: stream, headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThan(PHOTO_MAX_BYTES + 2 * 1024 * 1024);
  });

  it("offers a small general API: allowed types and a size in, the bytes and their real type out", async () => {
    const body = (bytes: Uint8Array) => new Response(bytes).body;
    expect((await readUpload(body(PNG()), { allowed: IMAGE_MIME_TYPES, maxBytes: 100 })).type).toBe("image/png");
    await expect(readUpload(body(PNG()), { allowed: ["application/pdf"], maxBytes: 100 })).rejects.toBeInstanceOf(UploadWrongType);
    await expect(readUpload(body(new Uint8Array(101)), { allowed: IMAGE_MIME_TYPES, maxBytes: 100 })).rejects.toBeInstanceOf(UploadTooLarge);
  });
});

describe("upload clean-up", () => {
  it("deletes the replaced profile photo and account photo at once", async () => {
    const { user, cookie } = await signedInUser();
    const put = async () => {
      const form = new FormData();
      form.set("profilePhoto", new File([PNG()], "me.png", { type: "image/png" }));
      return (await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: form })).json.profileImageUrl as string;
    };
    const first = await put();
    const second = await put();
    expect(await env.UPLOADS.head(keyOf(first))).toBeNull();
    expect(await env.UPLOADS.head(keyOf(second))).not.toBeNull();
    expect((await env.UPLOADS.list({ prefix: `users/${user.id}/` })).objects.map((o) => o.key)).toEqual([keyOf(second)]);

    const account = await createAccount(cookie);
    const accountPhoto = async () => {
      const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
      await call(upload.uploadURL, { method: "PUT", cookie, rawBody: PNG(), headers: { "Content-Type": "image/png" } });
      return (await call(`/api/twilio-accounts/${account.id}/photo`, { method: "PUT", cookie, body: { profilePhoto: upload.uploadURL } })).json.profilePhoto as string;
    };
    const a = await accountPhoto();
    const b = await accountPhoto();
    expect((await env.UPLOADS.list({ prefix: `accounts/${account.id}/` })).objects.map((o) => o.key)).toEqual([keyOf(b)]);
    expect(a).not.toBe(b);
  });

  it("the cron deletes uploads never attached within 24 hours and keeps newer ones", async () => {
    const { cookie } = await signedInUser();
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    await call(upload.uploadURL, { method: "PUT", cookie, rawBody: PNG(), headers: { "Content-Type": "image/png" } });
    await purgeUnclaimedUploads(env);
    expect(await env.UPLOADS.head(keyOf(upload.uploadURL))).not.toBeNull();
    // A day and a minute later it is gone.
    await purgeUnclaimedUploads(env, new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS + 60_000));
    expect(await env.UPLOADS.head(keyOf(upload.uploadURL))).toBeNull();
  });
});
