import { z } from "zod";
import type { ApiConversation, ApiMessage, ApiNote } from "./schemas/conversations";

// What a console sends on either live socket (conversation or account): a keep-alive ping.
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

// Frames on a conversation's live socket, from the server.
export type ServerFrame =
  | { type: "pong"; at: number }
  | { type: "error"; message: string }
  | { type: "message"; message: ApiMessage }
  | { type: "message-status"; messageId: string; status: ApiMessage["status"]; errorCode: string | null; errorMessage: string | null }
  | { type: "conversation"; conversation: ApiConversation }
  | { type: "typing"; active: boolean }
  | { type: "note"; note: ApiNote };

// Frames on an account's live socket (one per signed-in console): every change to the account's
// conversations, for the list, the unread badge and the dashboard.
export type AccountFrame =
  | { type: "pong"; at: number }
  | { type: "error"; message: string }
  | { type: "conversation"; conversation: ApiConversation }
  | { type: "conversation-removed"; id: string };
