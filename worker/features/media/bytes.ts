import { fileTypeFromBuffer } from "file-type";
import { baseType, MEDIA_LIMITS, type MediaKind, mediaKind } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";

// How many leading bytes file-type needs to recognise every format it knows.
const SNIFF_BYTES = 4100;

export type CheckedMedia =
  | { ok: true; kind: MediaKind; contentType: string; size: number; body: ReadableStream<Uint8Array> }
  | { ok: false; reason: string };

// Types whose bytes file-type names differently from the type WhatsApp/Twilio declare.
const SAME_BYTES: Record<string, string[]> = {
  "audio/ogg": ["audio/ogg", "audio/opus"],
  "audio/opus": ["audio/ogg", "audio/opus"],
  "audio/mp4": ["audio/mp4", "audio/x-m4a", "video/mp4", "audio/m4a"],
  "audio/aac": ["audio/aac", "audio/x-aac"],
  "audio/amr": ["audio/amr"],
  "video/3gpp": ["video/3gpp", "video/mp4"],
  "application/msword": ["application/x-cfb"],
  "application/vnd.ms-excel": ["application/x-cfb"],
  "application/vnd.ms-powerpoint": ["application/x-cfb"],
};

function bytesMatch(declared: string, detected: string | undefined) {
  // Plain text has no signature: it is accepted only when no binary format is recognised.
  if (declared === "text/plain") return detected === undefined;
  if (!detected) return false;
  return detected === declared || (SAME_BYTES[declared] ?? []).includes(detected);
}

// The one check every attachment passes, inbound from Twilio or uploaded from the composer: a kind
// WhatsApp takes, within its size limit, whose first bytes are what it claims to be. The body is never
// held whole: the first few KB are read to sniff, then the stream goes on, limited to the declared size.
// `allowed` narrows the accepted types (the composer takes images, PDF and audio only).
export async function checkMedia(
  body: ReadableStream<Uint8Array>,
  declaredType: string | null | undefined,
  declaredSize: number | null,
  allowed?: readonly string[],
): Promise<CheckedMedia> {
  const declared = baseType(declaredType);
  const kind = mediaKind(declared);
  const refuse = (reason: string): CheckedMedia => {
    void body.cancel().catch(() => {});
    return { ok: false, reason };
  };
  if (!kind || (allowed && !allowed.includes(declared))) return refuse(allowed ? MX.notAllowedOutbound : MX.unsupportedType(declared));
  if (declaredSize === null || !Number.isFinite(declaredSize)) return refuse(MX.unknownSize);
  if (declaredSize > MEDIA_LIMITS[kind]) return refuse(MX.tooLarge(kind, MEDIA_LIMITS[kind]));
  if (declaredSize <= 0) return refuse(MX.emptyFile);

  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES && headBytes < declaredSize) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    headBytes += value.byteLength;
  }
  const sniffed = new Uint8Array(headBytes);
  let offset = 0;
  for (const chunk of head) {
    sniffed.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const detected = await fileTypeFromBuffer(sniffed.subarray(0, SNIFF_BYTES));
  const detectedType = detected ? baseType(detected.mime) : undefined;
  if (!bytesMatch(declared, detectedType)) {
    void reader.cancel().catch(() => {});
    return { ok: false, reason: MX.typeMismatch(declared, detectedType ?? "sconosciuto") };
  }

  // The checked head, then the rest as it arrives; more bytes than declared end the stream with an error.
  let seen = headBytes;
  let pending: Uint8Array[] | null = head;
  const out = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        for (const chunk of pending) controller.enqueue(chunk);
        pending = null;
        if (seen > declaredSize) controller.error(new Error(MX.tooLarge(kind, MEDIA_LIMITS[kind])));
        return;
      }
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > declaredSize) {
        void reader.cancel().catch(() => {});
        return controller.error(new Error(MX.tooLarge(kind, MEDIA_LIMITS[kind])));
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { ok: true, kind, contentType: declared, size: declaredSize, body: out };
}

// Writes a checked stream to R2 without buffering it: R2 needs the length up front, and a
// FixedLengthStream errors if the bytes that arrive are not exactly that many.
export async function putStream(bucket: R2Bucket, key: string, media: Extract<CheckedMedia, { ok: true }>, fileName: string | null) {
  const fixed = new FixedLengthStream(media.size);
  const piping = media.body.pipeTo(fixed.writable);
  const [stored] = await Promise.all([
    bucket.put(key, fixed.readable, {
      httpMetadata: { contentType: media.contentType },
      customMetadata: fileName ? { fileName } : undefined,
    }),
    piping,
  ]);
  return stored;
}
