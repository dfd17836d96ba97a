import { z } from "zod";
import { MEDIA_TEXTS } from "./texts/media";
import { simulatorSender } from "./schemas/conversations";

// Photos, voice notes, videos, documents, locations and button replies (issue 21), shared by worker and web.

export type MediaKind = "image" | "audio" | "video" | "document";

// WhatsApp's own limits per kind.
export const MEDIA_LIMITS: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  document: 100 * 1024 * 1024,
};

// Twilio's inbound webhook carries at most 10 media items per message.
export const MAX_INBOUND_MEDIA = 10;

// The types WhatsApp delivers and accepts, by kind.
export const MEDIA_TYPES: Record<MediaKind, readonly string[]> = {
  image: ["image/jpeg", "image/png", "image/webp"],
  audio: ["audio/ogg", "audio/mpeg", "audio/mp4", "audio/aac", "audio/amr", "audio/opus"],
  video: ["video/mp4", "video/3gpp"],
  document: [
    "application/pdf",
    "text/plain",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-powerpoint",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ],
};

// What an operator may attach from the composer: an image, a PDF or an audio file.
export const OUTBOUND_MEDIA_TYPES = [...MEDIA_TYPES.image, "application/pdf", ...MEDIA_TYPES.audio] as const;

export function baseType(contentType: string | null | undefined) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function mediaKind(contentType: string | null | undefined): MediaKind | null {
  const type = baseType(contentType);
  for (const kind of Object.keys(MEDIA_TYPES) as MediaKind[]) if (MEDIA_TYPES[kind].includes(type)) return kind;
  return null;
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "audio/opus": "opus",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};

export function extensionFor(contentType: string) {
  return EXTENSIONS[baseType(contentType)] ?? "bin";
}

// Audio transcription models priced per minute of audio (OpenAI list prices, US dollars).
export const TRANSCRIPTION_MODELS = [
  { id: "whisper-1", label: "Whisper", perMinute: 0.006 },
  { id: "gpt-4o-transcribe", label: "GPT-4o Transcribe", perMinute: 0.006 },
  { id: "gpt-4o-mini-transcribe", label: "GPT-4o mini Transcribe", perMinute: 0.003 },
] as const;
export const TRANSCRIPTION_MODEL_IDS = TRANSCRIPTION_MODELS.map((m) => m.id) as [string, ...string[]];
export const DEFAULT_TRANSCRIPTION_MODEL = "whisper-1";

// OpenAI bills transcription by the second, rounded up.
export function transcriptionCost(modelId: string, seconds: number) {
  const model = TRANSCRIPTION_MODELS.find((m) => m.id === modelId);
  return model ? (Math.ceil(Math.max(0, seconds)) / 60) * model.perMinute : 0;
}

// The account models that take image content parts.
export const VISION_MODELS: readonly string[] = ["gpt-5", "gpt-5-mini", "gpt-4.1", "gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "gpt-4-turbo"];

export interface MessageLocation {
  latitude: number;
  longitude: number;
  address: string | null;
  label: string | null;
}

export interface MessageButton {
  payload: string | null;
  text: string;
}

export interface ApiMedia {
  id: string;
  // Served only to users of the conversation's account; null while it is fetched or when it failed.
  url: string | null;
  contentType: string;
  size: number | null;
  fileName: string | null;
  status: "pending" | "stored" | "failed";
  failureReason: string | null;
  transcript?: string | null;
}

export const MEDIA_URL_PREFIX = "/api/media/";

export function mapsUrl(location: Pick<MessageLocation, "latitude" | "longitude">) {
  return `https://www.google.com/maps/search/?api=1&query=${location.latitude},${location.longitude}`;
}

export const mediaSettingsSchema = z.object({
  voiceAi: z.boolean({ error: "voiceAi deve essere true o false" }).optional(),
  visionAi: z.boolean({ error: "visionAi deve essere true o false" }).optional(),
  transcriptionModel: z.enum(TRANSCRIPTION_MODEL_IDS, { error: MEDIA_TEXTS.invalidTranscriptionModel }).optional(),
});
export interface MediaSettings {
  voiceAi: boolean;
  visionAi: boolean;
  transcriptionModel: string;
}

export const mediaIdParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, MEDIA_TEXTS.invalidMediaId) });

// The signed URL Twilio fetches an outbound attachment from.
export const signedMediaQuery = z.object({
  expires: z.coerce.number({ error: MEDIA_TEXTS.linkExpired }).int(),
  signature: z.string().regex(/^[0-9a-f]{64}$/, MEDIA_TEXTS.linkExpired),
});

// The simulator's media: a sample the product ships (photo, voice note, document) or a location.
export const SIMULATOR_MEDIA_KINDS = ["photo", "voice", "document", "location"] as const;
export const simulateMediaSchema = z.object({
  ...simulatorSender,
  kind: z.enum(SIMULATOR_MEDIA_KINDS, { error: MEDIA_TEXTS.invalidSimulatorKind }),
  caption: z.string().trim().max(1600).optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      address: z.string().trim().max(300).optional(),
      label: z.string().trim().max(100).optional(),
    })
    .optional(),
});

// The composer's upload: the file is the raw body; these travel in the query.
export const outboundMediaQuery = z.object({
  fileName: z.string().trim().min(1, MEDIA_TEXTS.invalidFileName).max(200, MEDIA_TEXTS.fileNameTooLong),
  caption: z.string().trim().max(1600, MEDIA_TEXTS.captionTooLong).optional(),
});

// The place the simulator sends when the person does not choose one.
export const SIMULATOR_LOCATION = { latitude: 45.4642, longitude: 9.19, address: "Piazza del Duomo, 20122 Milano MI", label: "Duomo di Milano" } as const;
