import { z } from "zod";
import { CONVERSATION_TEXTS, normalizePhone } from "../conversation-texts";
import { MAX_MESSAGE_CHARS, MESSAGE_LIMIT_TEXTS } from "../messaging";
import { variableBindingsSchema } from "../template-variables";

// The texts live in a module without zod, so the console can show them without loading the schemas.
export { CONVERSATION_TEXTS, MESSAGE_STATUS_TEXTS, normalizePhone } from "../conversation-texts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const startConversationSchema = z.object({
  phoneNumber: z
    .string({ error: CONVERSATION_TEXTS.missingData })
    .trim()
    .min(1, CONVERSATION_TEXTS.missingData)
    .max(40, CONVERSATION_TEXTS.invalidNumber)
    .refine((v) => normalizePhone(v) !== null, CONVERSATION_TEXTS.invalidNumber),
  templateSid: z.string({ error: CONVERSATION_TEXTS.missingData }).trim().min(1, CONVERSATION_TEXTS.missingData).max(64),
  promptId: z.string({ error: CONVERSATION_TEXTS.missingPrompt }).trim().min(1, CONVERSATION_TEXTS.missingPrompt).max(64),
  customerName: optionalText(100),
  customerCompany: optionalText(100),
  // Where each {{n}} of the template takes its value: the contact's name or company, or fixed text.
  variables: variableBindingsSchema.optional().default({}),
});

export const sendManualSchema = z.object({
  content: z.string({ error: CONVERSATION_TEXTS.blankMessage }).trim().min(1, CONVERSATION_TEXTS.blankMessage)
    .max(MAX_MESSAGE_CHARS, { error: (issue) => MESSAGE_LIMIT_TEXTS.tooLong(String(issue.input ?? "").trim().length) }),
  isOperatorMessage: z.boolean().optional(),
});

export const sendTemplateSchema = z.object({
  templateSid: z.string().trim().min(1).max(64),
  // Fixed text, or a field of the conversation's contact.
  variables: variableBindingsSchema.optional().default({}),
});

export const operatorModeSchema = z.object({ enabled: z.boolean({ error: "enabled deve essere true o false" }) });

export const conversationIdParam = z.object({ id: z.string().min(1).max(64) });

export const simulateInboundSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => normalizePhone(v) !== null, CONVERSATION_TEXTS.invalidNumber),
  body: z.string().trim().min(1, CONVERSATION_TEXTS.blankMessage).max(1600),
  profileName: z.string().trim().max(100).optional(),
});

export const conversationListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});

export type MessageSender = "customer" | "ai" | "operator" | "system";
export type MessageStatus = "received" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed" | "undelivered";

export interface ApiMessage {
  id: string;
  conversationId: string;
  content: string;
  isFromBot: boolean;
  sender: MessageSender;
  twilioMessageId: string | null;
  status: MessageStatus | null;
  errorCode: string | null;
  errorMessage: string | null;
  templateSid: string | null;
  sources: { memoryId: string; name: string }[] | null;
  createdAt: string;
}

export interface ApiConversation {
  id: string;
  twilioAccountId: string;
  customerName: string | null;
  customerCompany: string | null;
  phoneNumber: string;
  lastMessage: string | null;
  lastMessageAt: string | null;
  lastReadAt: string | null;
  createdAt: string;
  status: string;
  operatorMode: boolean;
  optedOut: boolean;
  aiStatus: "idle" | "pending" | "failed";
  aiError: string | null;
  // The 24-hour customer-service window: free-form messages allowed until this time.
  windowOpenUntil: string | null;
  unread: boolean;
  template: { sid: string | null; name: string | null; category: string | null } | null;
}

export interface ApiConversationDetail extends ApiConversation {
  messages: ApiMessage[];
  sandbox: boolean;
}
