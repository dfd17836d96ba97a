import { fileTypeFromBuffer } from "file-type/core";

// Reading an uploaded file: its size is counted while it streams in (the declared Content-Length is not
// trusted, and a chunked body has none), and its type comes from its magic bytes, never from the label
// the client put on it. For files small enough to hold (photos); message attachments of up to 100 MB
// are checked while they stream by checkMedia in worker/features/media/bytes.ts, with the same file-type.

export class UploadTooLarge extends Error {}
export class UploadWrongType extends Error {}
export class UploadEmpty extends Error {}

// Reads at most maxBytes from the stream; one byte more cancels the stream (the rest is never read)
// and throws UploadTooLarge.
export async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new UploadTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

// The MIME type the bytes really are, if it is one of `allowed`; otherwise UploadWrongType.
export async function sniffType(bytes: Uint8Array, allowed: readonly string[]): Promise<string> {
  if (bytes.byteLength === 0) throw new UploadEmpty();
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !allowed.includes(found.mime)) throw new UploadWrongType();
  return found.mime;
}

// Both at once: the file's bytes and its real type.
export async function readUpload(body: ReadableStream<Uint8Array> | null, opts: { allowed: readonly string[]; maxBytes: number }) {
  const bytes = await readLimited(body, opts.maxBytes);
  return { bytes, type: await sniffType(bytes, opts.allowed) };
}
