// Typed builders for what the API answers, so a web test's fixture is checked against the same Api*
// types the screens read: a field added to or renamed in a type breaks the fixture at compile time
// instead of leaving the test on a shape the server no longer sends. Each takes the fields a test cares
// about; the rest are plausible defaults.
import type { ApiConversation, ApiConversationDetail, ApiMessage } from "@shared/schemas/conversations";
import type { ApiMemory } from "@shared/schemas/memories";
import type { ApiPrompt } from "@shared/schemas/prompts";
import type { ApiSettings } from "@shared/schemas/settings";
import type { ApiTemplate } from "@shared/schemas/templates";

// The date most fixtures were created on.
export const NEW_YEAR = "2026-01-01T00:00:00.000Z";

export function buildConversation(overrides: Partial<ApiConversation> = {}): ApiConversation {
  return {
    id: "c1",
    twilioAccountId: "a1",
    customerName: "Giulia Bianchi",
    customerCompany: null,
    phoneNumber: "+393331234567",
    lastMessage: "Ciao",
    lastMessageAt: "2026-03-10T10:00:00.000Z",
    lastReadAt: null,
    createdAt: "2026-03-10T09:00:00.000Z",
    status: "active",
    operatorMode: false,
    optedOut: false,
    aiStatus: "idle",
    aiError: null,
    channel: "whatsapp",
    windowOpenUntil: "2099-01-01T00:00:00.000Z",
    unread: false,
    archivedAt: null,
    assignedUserId: null,
    template: { sid: "HXloans", name: "prestiti_benvenuto", category: "loans" },
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<ApiMessage> = {}): ApiMessage {
  return {
    id: "m1",
    conversationId: "c1",
    content: "Ciao",
    isFromBot: false,
    sender: "customer",
    twilioMessageId: "SM1",
    status: "received",
    errorCode: null,
    errorMessage: null,
    templateSid: null,
    sources: null,
    createdAt: "2026-03-10T10:00:00.000Z",
    ...overrides,
  };
}

export function buildConversationDetail(overrides: Partial<ApiConversationDetail> = {}): ApiConversationDetail {
  return { ...buildConversation(), messages: [buildMessage()], sandbox: false, ...overrides };
}

export function buildPrompt(overrides: Partial<ApiPrompt> = {}): ApiPrompt {
  return {
    id: "p1",
    twilioAccountId: "a1",
    name: "Assistente vendite",
    content: "Sei l'assistente vendite del negozio.",
    model: "gpt-4o-mini",
    temperature: 7,
    maxTokens: 500,
    linkedTemplates: [],
    isActive: true,
    agentTools: [],
    toolsUnsupported: false,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

export function buildTemplate(overrides: Partial<ApiTemplate> = {}): ApiTemplate {
  return {
    id: "t1",
    twilioAccountId: "a1",
    name: "benvenuto",
    description: null,
    category: "MARKETING",
    channel: "whatsapp",
    language: "it",
    whatsappContent: null,
    variables: [],
    status: "draft",
    rejectionReason: null,
    externalTemplateId: null,
    externalStatus: null,
    icon: "message-circle",
    color: "blue",
    isActive: true,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    submittedAt: null,
    lastSyncedAt: null,
    ...overrides,
  };
}

// A loans template whose text greets {{1}}, as the template screens show it.
export const buildTextTemplate = (overrides: Partial<ApiTemplate> = {}) =>
  buildTemplate({
    name: "Benvenuto",
    category: "loans",
    whatsappContent: { type: "text", text: "Ciao {{1}}, come stai?", mediaUrl: null, mediaCaption: null },
    variables: ["1"],
    icon: "fas fa-template",
    color: "primary",
    ...overrides,
  });

export function buildSettings(overrides: Partial<ApiSettings> = {}): ApiSettings {
  return {
    profile: { id: "u1", email: "admin@agentbot.local", firstName: "Admin", lastName: null, profileImageUrl: null, role: "super_admin" },
    activeTwilioAccountId: "a1",
    signInMethod: "password",
    timezone: "Europe/Rome",
    ...overrides,
  };
}

export function buildMemory(overrides: Partial<ApiMemory> = {}): ApiMemory {
  return {
    id: "m1",
    twilioAccountId: "a1",
    name: "Listino",
    content: "Prezzi e condizioni",
    memoryType: "standard",
    dataType: "text",
    dataSource: null,
    visibility: "private",
    linkedTemplates: [],
    isActive: true,
    allConversations: false,
    isOwn: true,
    passageCount: 1,
    lastSyncAt: null,
    syncError: null,
    createdAt: NEW_YEAR,
    updatedAt: NEW_YEAR,
    ...overrides,
  };
}
