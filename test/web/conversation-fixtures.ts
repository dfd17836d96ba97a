import type { ApiConversation, ApiConversationDetail, ApiMessage } from "@shared/schemas/conversations";

export function conversation(overrides: Partial<ApiConversation> = {}): ApiConversation {
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

export function message(overrides: Partial<ApiMessage> = {}): ApiMessage {
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

export function detail(overrides: Partial<ApiConversationDetail> = {}): ApiConversationDetail {
  return { ...conversation(), messages: [message()], sandbox: false, ...overrides };
}
