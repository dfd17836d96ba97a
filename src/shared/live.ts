import { z } from "zod";
import type { ApiConversation, ApiMessage, ApiNote } from "./schemas/conversations";

// Frames on a conversation's live socket, in both directions, shared by worker and web.
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export type ServerFrame =
  | { type: "pong"; at: number }
  | { type: "error"; message: string }
  | { type: "message"; message: ApiMessage }
  | { type: "message-status"; messageId: string; status: ApiMessage["status"]; errorCode: string | null; errorMessage: string | null }
  | { type: "conversation"; conversation: ApiConversation }
  | { type: "typing"; active: boolean }
  | { type: "note"; note: ApiNote };

// Checks the frame's type tag; the web app trusts the payload shape its own server sends.
export const serverFrameSchema = z
  .object({ type: z.enum(["pong", "error", "message", "message-status", "conversation", "typing", "note"]) })
  .passthrough();

// Frames on an account's live socket (one per signed-in console): every change to the account's
// conversations, for the list, the unread badge and the dashboard.
export const accountClientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);

export type AccountFrame =
  | { type: "pong"; at: number }
  | { type: "error"; message: string }
  | { type: "conversation"; conversation: ApiConversation }
  | { type: "conversation-removed"; id: string };
