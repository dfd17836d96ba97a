import { z } from "zod";
import { optionalText } from "./fields";
import { type MessageSender, type MessageStatus, NOTE_MAX } from "../constants";
import type { ApiMedia, MessageButton, MessageLocation } from "../media";
import { MAX_MESSAGE_CHARS } from "../messaging";
import { PHONE_INPUT_MAX } from "../phone";
import { CONVERSATION_TEXTS } from "../texts/conversations";
import { variableBindingsSchema } from "./template-variables";

export const startConversationSchema = z.object({
  phoneNumber: z
    .string({ error: CONVERSATION_TEXTS.missingData })
    .trim()
    .min(1, CONVERSATION_TEXTS.missingData)
    // The number is read with the account's default country, so the service checks it (400, nothing sent).
    .max(PHONE_INPUT_MAX, CONVERSATION_TEXTS.invalidNumber),
  templateSid: z.string({ error: CONVERSATION_TEXTS.missingData }).trim().min(1, CONVERSATION_TEXTS.missingData).max(64),
  promptId: z.string({ error: CONVERSATION_TEXTS.missingPrompt }).trim().min(1, CONVERSATION_TEXTS.missingPrompt).max(64),
  customerName: optionalText(100),
  customerCompany: optionalText(100),
  // Where each {{n}} of the template takes its value: the contact's name or company, or fixed text.
  variables: variableBindingsSchema.optional().default({}),
});

export const sendManualSchema = z.object({
  content: z.string({ error: CONVERSATION_TEXTS.blankMessage }).trim().min(1, CONVERSATION_TEXTS.blankMessage)
    .max(MAX_MESSAGE_CHARS, { error: (issue) => CONVERSATION_TEXTS.messageTooLong(String(issue.input ?? "").trim().length, MAX_MESSAGE_CHARS) }),
  isOperatorMessage: z.boolean().optional(),
});

export const sendTemplateSchema = z.object({
  templateSid: z.string().trim().min(1).max(64),
  // Fixed text, or a field of the conversation's contact.
  variables: variableBindingsSchema.optional().default({}),
});

export const operatorModeSchema = z.object({ enabled: z.boolean({ error: "enabled deve essere true o false" }) });

export const conversationIdParam = z.object({ id: z.string().min(1).max(64) });

// Who writes to the simulator: the customer's number and, optionally, their WhatsApp profile name.
export const simulatorSender = {
  phoneNumber: z.string().trim().min(1, CONVERSATION_TEXTS.invalidNumber).max(PHONE_INPUT_MAX, CONVERSATION_TEXTS.invalidNumber),
  profileName: z.string().trim().max(100).optional(),
};

export const simulateInboundSchema = z.object({
  phoneNumber: simulatorSender.phoneNumber,
  body: z.string().trim().min(1, CONVERSATION_TEXTS.blankMessage).max(1600),
  profileName: simulatorSender.profileName,
});

// The list's views: open conversations (the default), only archived ones, or everything.
export const CONVERSATION_VIEWS = ["open", "archived", "all"] as const;
// Assignment filter: every conversation, the signed-in user's, or nobody's.
export const ASSIGNMENT_FILTERS = ["all", "mine", "unassigned"] as const;

// A page cursor of the list: the last entry's activity (epoch ms) and id, so a page continues exactly
// after it however many conversations arrive meanwhile.
export const conversationCursor = z
  .string()
  .regex(/^\d{1,15}_[A-Za-z0-9-]{1,64}$/, CONVERSATION_TEXTS.invalidCursor)
  .transform((v) => {
    const at = v.indexOf("_");
    return { at: Number(v.slice(0, at)), id: v.slice(at + 1) };
  });

export const conversationListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  before: z.iso.datetime({ offset: true }).optional(),
  cursor: conversationCursor.optional(),
  view: z.enum(CONVERSATION_VIEWS, { error: CONVERSATION_TEXTS.invalidView }).optional().default("open"),
  assigned: z.enum(ASSIGNMENT_FILTERS, { error: CONVERSATION_TEXTS.invalidAssignment }).optional().default("all"),
  label: z.string().trim().min(1).max(64).optional(),
});

// A label's colour: one of a fixed palette that reads in both themes.
export const LABEL_COLORS = ["gray", "red", "orange", "amber", "green", "teal", "blue", "violet", "pink"] as const;

export const labelSchema = z.object({
  name: z.string({ error: CONVERSATION_TEXTS.labelNameRequired }).trim().min(1, CONVERSATION_TEXTS.labelNameRequired).max(40, CONVERSATION_TEXTS.labelNameTooLong),
  color: z.enum(LABEL_COLORS, { error: CONVERSATION_TEXTS.labelColorInvalid }),
});

export const labelIdParam = z.object({ labelId: z.string().min(1).max(64) });

export const setLabelsSchema = z.object({
  labelIds: z.array(z.string().min(1).max(64), { error: CONVERSATION_TEXTS.labelsInvalid }).max(20, CONVERSATION_TEXTS.labelsInvalid),
});

export const archiveSchema = z.object({ archived: z.boolean({ error: "archived deve essere true o false" }) });

export const assignSchema = z.object({
  userId: z.string({ error: CONVERSATION_TEXTS.invalidAssignee }).trim().min(1, CONVERSATION_TEXTS.invalidAssignee).max(64).nullable(),
});

export const noteSchema = z.object({
  content: z.string({ error: CONVERSATION_TEXTS.blankNote }).trim().min(1, CONVERSATION_TEXTS.blankNote).max(NOTE_MAX, CONVERSATION_TEXTS.noteTooLong),
});

export type { MessageSender, MessageStatus } from "../constants";

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
  // Attachments, a shared location and a tapped button (issue 21); `media` is absent where not loaded.
  media?: ApiMedia[];
  location?: MessageLocation | null;
  button?: MessageButton | null;
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
  // The channel the customer uses; replies go out on it.
  channel: "whatsapp" | "sms";
  // The 24-hour customer-service window: free-form messages allowed until this time.
  windowOpenUntil: string | null;
  unread: boolean;
  archivedAt: string | null;
  assignedUserId: string | null;
  // Absent in a change pushed without them: the console keeps the labels it knows.
  labelIds?: string[];
  template: { sid: string | null; name: string | null; category: string | null } | null;
}

export interface ApiNote {
  id: string;
  conversationId: string;
  authorId: string | null;
  authorName: string;
  content: string;
  createdAt: string;
}

export interface ApiLabel {
  id: string;
  name: string;
  color: (typeof LABEL_COLORS)[number];
}

export interface ApiAssignee {
  id: string;
  name: string;
  email: string;
}

export interface ApiConversationDetail extends ApiConversation {
  messages: ApiMessage[];
  sandbox: boolean;
}
