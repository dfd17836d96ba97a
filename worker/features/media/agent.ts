import { mediaKind, VISION_MODELS } from "@shared/media";
import type { Db } from "@worker/db/client";
import type { MessageRow } from "../conversations/repo";
import * as repo from "./repo";
import { mediaSettings } from "./service";

// How long a reply waits for a customer's attachment still on its way from Twilio.
const MEDIA_WAIT_MS = 15_000;
// Images given to the model: those of the customer's turns since the business last wrote, at most these.
const MAX_IMAGES = 4;

export class MediaNotReady extends Error {
  constructor() {
    super("attachments still arriving");
  }
}

export interface AgentMedia {
  // The customer's turn as the agent reads it: text, transcript, and what else arrived.
  text(message: MessageRow): string;
  // Images of this turn for a model that can see, as data: URLs.
  images(message: MessageRow): string[] | undefined;
  // Some media the agent could not look at (off, offline, or a model without vision): a person should.
  needsOperator: boolean;
  usedVision: boolean;
  // Offline, the honest acknowledgement of the media of the latest turn ("ho ricevuto la tua foto…").
  offlineAck: string | null;
}

function base64(bytes: Uint8Array) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

// What the agent is told of the customer's photos, voice notes, documents, locations and button replies
// in its context. A voice note is its transcript; an image goes as an image content part when Vision AI is
// on and the model can see, else the agent is told a photo arrived and the conversation goes to an operator.
export async function mediaForAgent(env: Env, db: Db, accountId: string, context: MessageRow[], model: string, offline: boolean, now = new Date()): Promise<AgentMedia> {
  const customer = context.filter((m) => m.sender === "customer");
  const rows = await repo.mediaOfMessages(
    db,
    context[0]?.conversationId ?? "",
    customer.map((m) => m.id),
  );
  const latest = customer[customer.length - 1];
  // A reply waits (the queue retries it) while the latest turn's attachments are still arriving.
  if (latest && rows.some((r) => r.status === "pending" && r.messageId === latest.id) && now.getTime() - latest.createdAt.getTime() < MEDIA_WAIT_MS) {
    throw new MediaNotReady();
  }
  const settings = await mediaSettings(db, accountId);
  const byMessage = new Map<string, repo.MediaRow[]>();
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);

  // The customer's turns since the business last wrote are the ones being answered.
  const lastBusiness = context.findLastIndex((m) => m.sender !== "customer");
  const answered = new Set(context.slice(lastBusiness + 1).map((m) => m.id));
  const canSee = settings.visionAi && !offline && VISION_MODELS.includes(model);
  const images = new Map<string, string[]>();
  let needsOperator = false;
  let imageCount = 0;
  const acks = new Set<string>();

  for (const m of customer) {
    for (const row of byMessage.get(m.id) ?? []) {
      const kind = mediaKind(row.contentType);
      const current = answered.has(m.id);
      if (kind === "image" && row.status === "stored" && current) {
        if (canSee && imageCount < MAX_IMAGES) {
          const object = await env.UPLOADS.get(row.r2Key!);
          if (object) {
            images.set(m.id, [...(images.get(m.id) ?? []), `data:${row.contentType};base64,${base64(new Uint8Array(await object.arrayBuffer()))}`]);
            imageCount++;
            continue;
          }
        }
        needsOperator = true;
        acks.add("la tua foto");
      } else if (kind === "audio" && current && row.transcript === null) {
        needsOperator = true;
        acks.add("il tuo messaggio vocale");
      } else if (current && (kind === "video" || kind === "document" || row.status === "failed")) {
        acks.add(kind === "video" ? "il tuo video" : "il tuo documento");
      }
    }
  }

  const describe = (m: MessageRow) => {
    const parts: string[] = [];
    for (const row of byMessage.get(m.id) ?? []) {
      const kind = mediaKind(row.contentType);
      if (row.status === "failed") parts.push(`[Il cliente ha inviato un allegato (${row.contentType}) che non è stato ricevuto: ${row.failureReason ?? "errore"}]`);
      else if (kind === "audio" && row.transcript !== null) parts.push(`[Messaggio vocale del cliente, trascritto] ${row.transcript}`);
      else if (kind === "audio") parts.push("[Il cliente ha inviato un messaggio vocale che non è stato trascritto: un operatore lo ascolterà]");
      else if (kind === "image" && images.get(m.id)?.length) parts.push("[Il cliente ha inviato una foto, allegata qui]");
      else if (kind === "image") parts.push("[Il cliente ha inviato una foto: un operatore la guarderà]");
      else if (kind === "video") parts.push("[Il cliente ha inviato un video]");
      else parts.push(`[Il cliente ha inviato un documento: ${row.fileName ?? "senza nome"} (${row.contentType})]`);
    }
    if (m.location) {
      const where = [m.location.label, m.location.address].filter(Boolean).join(", ");
      parts.push(`[Il cliente ha condiviso una posizione: ${where || "senza indirizzo"} (coordinate ${m.location.latitude}, ${m.location.longitude})]`);
    }
    if (m.button) parts.push(`[Il cliente ha toccato il pulsante «${m.button.text}»${m.button.payload ? ` (payload: ${m.button.payload})` : ""}]`);
    // A button reply's Body repeats the button's text.
    const body = m.button && m.content.trim() === m.button.text ? "" : m.content;
    return [...parts, body].filter((p) => p.trim()).join("\n");
  };

  const list = [...acks];
  const offlineAck =
    offline && list.length > 0
      ? `Ho ricevuto ${list.length > 1 ? `${list.slice(0, -1).join(", ")} e ${list[list.length - 1]}` : list[0]}: un operatore lo guarderà al più presto.`
      : null;
  return {
    text: (m) => (m.sender === "customer" ? describe(m) : m.content),
    images: (m) => images.get(m.id),
    needsOperator: needsOperator || (offline && list.length > 0),
    usedVision: imageCount > 0,
    offlineAck,
  };
}
