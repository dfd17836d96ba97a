import { z } from "zod";
import type { ApiConversation, ApiMessage } from "./schemas/conversations";

// Frames on a conversation's live socket, in both directions, shared by worker and web.
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export type ServerFrame =
  | { type: "pong"; at: number }
  | { type: "error"; message: string }
  | { type: "message"; message: ApiMessage }
  | { type: "message-status"; messageId: string; status: ApiMessage["status"]; errorCode: string | null; errorMessage: string | null }
  | { type: "conversation"; conversation: ApiConversation }
  | { type: "typing"; active: boolean };

// Checks the frame's type tag; the web app trusts the payload shape its own server sends.
export const serverFrameSchema = z
  .object({ type: z.enum(["pong", "error", "message", "message-status", "conversation", "typing"]) })
  .passthrough();
