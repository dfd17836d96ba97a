import { MEDIA_LIMITS, mediaKind } from "@shared/media";
import { type ApiLibraryItem, LIBRARY_MAX_BYTES, LIBRARY_MAX_ITEMS, LIBRARY_TYPES } from "@shared/media-library";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import type { Db } from "@worker/db/client";
import { badRequest, conflict } from "@worker/lib/http-error";
import { readUpload, UploadEmpty, UploadTooLarge, UploadWrongType } from "@worker/lib/upload-bytes";
import type { ConversationRow } from "../conversations/repo";
import { queueOutbound } from "../conversations/service";
import { insertMedia } from "../media/repo";
import * as repo from "./repo";

export function toApiItem(row: repo.LibraryRow): ApiLibraryItem {
  return { id: row.id, title: row.title, description: row.description, fileName: row.fileName, contentType: row.contentType, size: row.size, createdAt: row.createdAt.toISOString() };
}

// One upload: the type comes from the bytes (never the label the browser put on it) and must be a PDF
// or a photo WhatsApp takes, within WhatsApp's limit for its kind.
export async function addToLibrary(env: Env, db: Db, accountId: string, input: { title: string; description: string; fileName: string }, body: ReadableStream<Uint8Array> | null, declaredLength: number | null) {
  if (!body) throw badRequest(LX.fileMissing);
  if (declaredLength !== null && declaredLength > LIBRARY_MAX_BYTES) throw badRequest(LX.tooLarge(LIBRARY_MAX_BYTES));
  if ((await repo.listLibrary(db, accountId)).length >= LIBRARY_MAX_ITEMS) throw badRequest(LX.tooMany(LIBRARY_MAX_ITEMS));
  if (await repo.findByTitle(db, accountId, input.title)) throw conflict(LX.duplicateTitle(input.title));
  let upload;
  try {
    upload = await readUpload(body, { allowed: LIBRARY_TYPES, maxBytes: LIBRARY_MAX_BYTES });
  } catch (err) {
    if (err instanceof UploadTooLarge) throw badRequest(LX.tooLarge(LIBRARY_MAX_BYTES));
    if (err instanceof UploadEmpty) throw badRequest(LX.fileMissing);
    if (err instanceof UploadWrongType) throw badRequest(LX.wrongType);
    throw err;
  }
  const kind = mediaKind(upload.type)!;
  if (upload.bytes.byteLength > MEDIA_LIMITS[kind]) throw badRequest(LX.tooLarge(MEDIA_LIMITS[kind]));
  const id = crypto.randomUUID();
  const key = `library/${accountId}/${id}`;
  const fileName = input.fileName.replace(/[\\/\r\n]/g, "_");
  await env.UPLOADS.put(key, upload.bytes, { httpMetadata: { contentType: upload.type }, customMetadata: { fileName } });
  const row = await repo.insertItem(db, { id, twilioAccountId: accountId, title: input.title, description: input.description, fileName, contentType: upload.type, size: upload.bytes.byteLength, r2Key: key });
  if (!row) {
    await env.UPLOADS.delete(key);
    throw conflict(LX.duplicateTitle(input.title));
  }
  return row;
}

// The file stays in R2 while a sent message still shows it in a chat; otherwise it goes with the row.
export async function removeFromLibrary(env: Env, db: Db, row: repo.LibraryRow) {
  await repo.deleteItem(db, row.id);
  if (!(await repo.isSent(db, row.r2Key))) await env.UPLOADS.delete(row.r2Key);
}

// Sends a library file to the customer as an outbound media message, through the composer's path (a
// message_media row on the same R2 key, fetched by Twilio from its signed URL). Once per file and
// customer message: a retried reply sends nothing twice. The key is not "<replyToId>#n", which would
// make it a part of the text reply.
export async function sendLibraryItem(env: Env, db: Db, conversation: ConversationRow, row: repo.LibraryRow, replyToId: string, now: Date) {
  return queueOutbound(
    env,
    db,
    conversation,
    {
      content: "",
      sender: "ai",
      replyToId: `doc:${row.id}:${replyToId}`,
      preview: `📎 ${row.fileName}`,
      attach: (messageId) =>
        insertMedia(db, [
          {
            messageId,
            conversationId: conversation.id,
            twilioAccountId: conversation.twilioAccountId,
            contentType: row.contentType,
            size: row.size,
            fileName: row.fileName,
            r2Key: row.r2Key,
            status: "stored",
          },
        ]),
    },
    now,
  );
}
