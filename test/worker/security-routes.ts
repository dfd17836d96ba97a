import { inspectRoutes } from "hono/dev";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { app } from "@worker/app";
import { operatorQuestions } from "@worker/db/schema";
import { sampleBytes } from "@worker/features/media/samples";
import { call, type CallOptions, db, PASSWORD, signedInUser, uniqueEmail } from "./helpers";

// The route table of the security tests: every route the Hono app registers, with who may call it
// and how to build a request against another tenant's objects.

// "METHOD /path" for every handler the app registers (middleware and the SPA fallback are not routes).
export function registeredRoutes(): string[] {
  const keys = inspectRoutes(app)
    .filter((r) => !r.isMiddleware)
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

export interface Req extends Omit<CallOptions, "cookie" | "env"> {
  path: string;
}

export type Access =
  // Answers without a session (its own rules: a signature, a bearer token, the sign-in itself).
  | { kind: "public"; anonymous: number }
  // Only a super_admin.
  | { kind: "admin" }
  // Takes ids (path, query or body): with another tenant's ids it answers `denied`, 404 unless said.
  | { kind: "tenant"; denied?: number }
  // Acts on the caller's own user or active account; takes no ids that could point elsewhere.
  | { kind: "own" };

export interface Entry {
  access: Access;
  // The request, built with account B's ids (own routes take none, or only as a search filter).
  request: (w: World) => Req | Req[];
  // The call ends the caller's session, so it is made with a session of its own.
  endsSession?: boolean;
}

export interface Tenant {
  user: { id: string; email: string };
  cookie: string;
  accountId: string;
}

export interface TenantB extends Tenant {
  promptId: string;
  memoryId: string;
  templateId: string;
  listId: string;
  listLeadId: string;
  importId: string;
  conversationId: string;
  questionId: string;
  eventId: string;
  leadSourceId: string;
  leadId: string;
  tokenId: string;
  tokenRaw: string;
  uploadPath: string;
  accountPhotoPath: string;
  campaignId: string;
  stepId: string;
  labelId: string;
  savedReplyId: string;
  mediaId: string;
  libraryItemId: string;
}

export interface World {
  a: Tenant;
  b: TenantB;
  admin: { user: { id: string; email: string }; cookie: string };
  // A user the admin routes may change freely.
  spareUserId: string;
}

export const TEMPLATE_SID = SANDBOX_TEMPLATES[0]!.sid;
// Fixed text for the template's {{1}} and {{2}}.
export const TEXT_VARIABLES = { "1": "Luca", "2": "Prestiti Facili" };
const SANDBOX_ACCOUNT = { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" };
// A real 1x1 PNG: uploads are checked by their bytes, so a bare signature is not enough.
const PNG_HEX = "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082";
export const PNG = () => Uint8Array.from(PNG_HEX.match(/../g)!, (h) => parseInt(h, 16));
const TEMPLATE_BODY = { name: "Benvenuto", category: "loans", whatsappContent: { type: "text", text: "Ciao {{1}}, vuoi una simulazione?" } };
const EVENT_BODY = { title: "Appuntamento", startDate: "2026-06-05T10:00:00.000Z" };
const LIST_LEAD = { nome: "Luca", cognome: "Bianchi", numeroTelefono: "+393331119999" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const uuid = () => crypto.randomUUID();

export const ROUTES: Record<string, Entry> = {
  "GET /api/login": { access: { kind: "public", anonymous: 302 }, request: () => ({ path: "/api/login" }) },
  "GET /api/health": { access: { kind: "own" }, request: () => ({ path: "/api/health" }) },
  // The benchmark's floors (BENCH_FLOORS=1 only, 404 otherwise): reads of the caller's active account.
  "GET /api/bench-floor": { access: { kind: "own" }, request: () => ({ path: "/api/bench-floor?rows=conversations" }) },
  // A held page's shape: a constant body, nothing of any account's.
  "GET /api/bench-floor/page": { access: { kind: "own" }, request: () => ({ path: "/api/bench-floor/page?bytes=1000" }) },
  "POST /api/auth/login": {
    access: { kind: "public", anonymous: 401 },
    request: () => ({ path: "/api/auth/login", body: { email: uniqueEmail("nessuno"), password: "non-la-password" } }),
  },
  "POST /api/auth/logout": { access: { kind: "public", anonymous: 200 }, request: () => ({ path: "/api/auth/logout", method: "POST" }), endsSession: true },
  "GET /api/auth/me": { access: { kind: "own" }, request: () => ({ path: "/api/auth/me" }) },
  // A wrong current password: answers 400 and changes nothing, so the caller's session lives on.
  "POST /api/auth/change-password": {
    access: { kind: "own" },
    request: () => ({ path: "/api/auth/change-password", body: { currentPassword: "non-la-password", newPassword: "Nuova-Password-Sicura-7" } }),
  },

  "GET /api/twilio-accounts": { access: { kind: "own" }, request: () => ({ path: "/api/twilio-accounts" }) },
  "GET /api/twilio-accounts/active": { access: { kind: "own" }, request: () => ({ path: "/api/twilio-accounts/active" }) },
  "POST /api/twilio-accounts": { access: { kind: "own" }, request: () => ({ path: "/api/twilio-accounts", body: SANDBOX_ACCOUNT }) },
  "PUT /api/twilio-accounts/:id": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/twilio-accounts/${w.b.accountId}`, method: "PUT", body: { ...SANDBOX_ACCOUNT, name: "Preso" } }),
  },
  "PATCH /api/twilio-accounts/:id": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/twilio-accounts/${w.b.accountId}`, method: "PATCH", body: { defaultPromptId: null } }),
  },
  "DELETE /api/twilio-accounts/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/twilio-accounts/${w.b.accountId}`, method: "DELETE" }) },
  "PUT /api/twilio-accounts/:id/activate": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/twilio-accounts/${w.b.accountId}/activate`, method: "PUT" }),
  },
  "PUT /api/twilio-accounts/:id/photo": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/twilio-accounts/${w.b.accountId}/photo`, method: "PUT", body: { profilePhoto: `/api/objects/uploads/${w.a.user.id}/${uuid()}` } }),
  },
  "POST /api/test-gpt-model": {
    access: { kind: "tenant" },
    request: (w) => ({ path: "/api/test-gpt-model", body: { twilioAccountId: w.b.accountId, testMessage: "Ciao" } }),
  },

  "POST /api/objects/upload": { access: { kind: "own" }, request: () => ({ path: "/api/objects/upload", method: "POST" }) },
  // The owner segment is a user id, not an object: writing into another user's folder is refused, which reveals nothing.
  "PUT /api/objects/uploads/:owner/:file": {
    access: { kind: "tenant", denied: 403 },
    request: (w) => ({ path: `/api/objects/uploads/${w.b.user.id}/${uuid()}`, method: "PUT", rawBody: PNG(), headers: { "Content-Type": "image/png" } }),
  },
  "GET /api/objects/*": { access: { kind: "tenant" }, request: (w) => [{ path: w.b.uploadPath }, { path: w.b.accountPhotoPath }] },
  "PUT /api/users/profile-photo": { access: { kind: "own" }, request: () => ({ path: "/api/users/profile-photo", method: "PUT" }) },

  "GET /api/openai-usage": { access: { kind: "own" }, request: () => ({ path: "/api/openai-usage" }) },
  "GET /api/openai-usage/stats": { access: { kind: "own" }, request: () => ({ path: "/api/openai-usage/stats" }) },
  "GET /api/openai-usage/budget": { access: { kind: "own" }, request: () => ({ path: "/api/openai-usage/budget" }) },
  "PUT /api/openai-usage/budget": { access: { kind: "own" }, request: () => ({ path: "/api/openai-usage/budget", method: "PUT", body: { monthlyLimitUsd: 25 } }) },

  "GET /api/prompts": { access: { kind: "own" }, request: () => ({ path: "/api/prompts" }) },
  "POST /api/prompts": { access: { kind: "own" }, request: () => ({ path: "/api/prompts", body: { name: "Vendite", content: "Sei un consulente. Rispondi in italiano." } }) },
  "POST /api/prompts/test-content": {
    access: { kind: "own" },
    request: () => ({ path: "/api/prompts/test-content", body: { content: "Sei un consulente. Rispondi in italiano.", testMessage: "Ciao" } }),
  },
  "GET /api/prompts/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/prompts/${w.b.promptId}` }) },
  "PUT /api/prompts/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/prompts/${w.b.promptId}`, method: "PUT", body: { name: "Preso" } }) },
  "DELETE /api/prompts/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/prompts/${w.b.promptId}`, method: "DELETE" }) },
  "POST /api/prompts/:id/duplicate": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/prompts/${w.b.promptId}/duplicate`, method: "POST" }) },
  "POST /api/prompts/:id/test": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/prompts/${w.b.promptId}/test`, body: { testMessage: "Ciao" } }) },

  "GET /api/memories": { access: { kind: "own" }, request: () => ({ path: "/api/memories" }) },
  "POST /api/memories": { access: { kind: "own" }, request: () => ({ path: "/api/memories", body: { name: "Orari", content: "Aperti dal lunedì al venerdì." } }) },
  "GET /api/memories/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}` }) },
  "PUT /api/memories/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}`, method: "PUT", body: { name: "Preso" } }) },
  "DELETE /api/memories/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}`, method: "DELETE" }) },
  "POST /api/memories/:id/duplicate": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}/duplicate`, method: "POST" }) },
  "GET /api/memories/:id/feedback": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}/feedback` }) },
  "POST /api/memories/:id/csv": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/memories/${w.b.memoryId}/csv?fileName=dati.csv`, method: "POST", rawBody: "nome,prezzo\nA,1\n", headers: { "Content-Type": "text/csv" } }),
  },
  "GET /api/memories/:id/csv": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}/csv` }) },
  "POST /api/memories/:id/sync": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/memories/${w.b.memoryId}/sync`, method: "POST" }) },

  "POST /api/template-test/send": {
    access: { kind: "own" },
    request: () => ({ path: "/api/template-test/send", body: { templateSid: TEMPLATE_SID, phone: "+393331112233", variables: { "1": "Luca" } } }),
  },

  "GET /api/operator-questions": { access: { kind: "own" }, request: () => ({ path: "/api/operator-questions" }) },
  "POST /api/operator-questions/:id/answer": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/operator-questions/${w.b.questionId}/answer`, body: { answer: "Sì" } }),
  },
  "DELETE /api/operator-questions/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/operator-questions/${w.b.questionId}`, method: "DELETE" }) },

  "GET /api/weather": { access: { kind: "own" }, request: () => ({ path: "/api/weather" }) },
  "PUT /api/weather/cities": { access: { kind: "own" }, request: () => ({ path: "/api/weather/cities", method: "PUT", body: { cities: ["Roma"] } }) },
  "GET /api/agent/booking-settings": { access: { kind: "own" }, request: () => ({ path: "/api/agent/booking-settings" }) },
  "PUT /api/agent/booking-settings": {
    access: { kind: "own" },
    request: () => ({
      path: "/api/agent/booking-settings",
      method: "PUT",
      body: { openingHours: [[], [{ start: "09:00", end: "12:00" }], [], [], [], [], []], slotMinutes: 30, minNoticeMinutes: 60, daysAhead: 14, reminderTemplateSid: null, reminderMinutes: 60 },
    }),
  },
  "GET /api/agent/conversations/:id/activity": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/agent/conversations/${w.b.conversationId}/activity` }) },

  "GET /api/analytics/stats": { access: { kind: "own" }, request: () => ({ path: "/api/analytics/stats" }) },
  "GET /api/analytics/client-stats": { access: { kind: "own" }, request: () => ({ path: "/api/analytics/client-stats" }) },
  "GET /api/analytics/timeseries": { access: { kind: "own" }, request: () => ({ path: "/api/analytics/timeseries?startDate=2026-01-01&endDate=2026-01-31" }) },
  "GET /api/analytics/sentiment": { access: { kind: "own" }, request: () => ({ path: "/api/analytics/sentiment" }) },
  "GET /api/analytics/campaigns": { access: { kind: "own" }, request: () => ({ path: "/api/analytics/campaigns?startDate=2026-01-01&endDate=2026-01-31" }) },

  "GET /api/conversations": { access: { kind: "own" }, request: () => ({ path: "/api/conversations" }) },
  "GET /api/conversations/active": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/active" }) },
  "GET /api/conversations/unread-count": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/unread-count" }) },
  // Another account's prompt gets the same answer as a missing one ("prompt mancante").
  "POST /api/conversations/start-with-prompt": {
    access: { kind: "tenant", denied: 400 },
    request: (w) => ({ path: "/api/conversations/start-with-prompt", body: { phoneNumber: "+393331112244", templateSid: TEMPLATE_SID, promptId: w.b.promptId, variables: TEXT_VARIABLES } }),
  },
  "GET /api/conversations/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/${w.b.conversationId}` }) },
  "GET /api/conversations/:id/messages": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/messages` }) },
  "GET /api/conversations/:id/live": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/live`, headers: { Upgrade: "websocket" } }),
  },
  "POST /api/conversations/:id/send-manual": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/send-manual`, body: { content: "Ciao" } }),
  },
  "POST /api/conversations/:id/send-template": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/send-template`, body: { templateSid: TEMPLATE_SID, variables: TEXT_VARIABLES } }),
  },
  "POST /api/conversations/:id/operator-mode": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/operator-mode`, body: { enabled: true } }),
  },
  "POST /api/conversations/:id/mark-read": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/mark-read`, method: "POST" }),
  },
  "DELETE /api/conversations/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/${w.b.conversationId}`, method: "DELETE" }) },
  "GET /api/conversations/live": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/live" }) },
  "GET /api/conversations/assignees": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/assignees" }) },
  "GET /api/conversations/labels": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/labels" }) },
  "POST /api/conversations/labels": { access: { kind: "own" }, request: () => ({ path: "/api/conversations/labels", body: { name: `Etichetta ${uuid().slice(0, 8)}`, color: "blue" } }) },
  "DELETE /api/conversations/labels/:labelId": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/labels/${w.b.labelId}`, method: "DELETE" }) },
  "PUT /api/conversations/:id/labels": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/labels`, method: "PUT", body: { labelIds: [w.b.labelId] } }),
  },
  "POST /api/conversations/:id/archive": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/archive`, body: { archived: true } }),
  },
  "POST /api/conversations/:id/assign": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/assign`, body: { userId: w.b.user.id } }),
  },
  "GET /api/conversations/:id/conversion": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/conversion` }) },
  "PUT /api/conversations/:id/conversion": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/conversion`, method: "PUT", body: { converted: true, dealValue: 10 } }),
  },
  "GET /api/conversations/:id/notes": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/notes` }) },
  "POST /api/conversations/:id/notes": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/conversations/${w.b.conversationId}/notes`, body: { content: "Nota" } }),
  },
  "GET /api/saved-replies": { access: { kind: "own" }, request: () => ({ path: "/api/saved-replies" }) },
  "POST /api/saved-replies": { access: { kind: "own" }, request: () => ({ path: "/api/saved-replies", body: { shortcut: `r${uuid().slice(0, 8)}`, content: "Ciao {{nome}}" } }) },
  "PUT /api/saved-replies/:id": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/saved-replies/${w.b.savedReplyId}`, method: "PUT", body: { shortcut: "preso", content: "Preso" } }),
  },
  "DELETE /api/saved-replies/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/saved-replies/${w.b.savedReplyId}`, method: "DELETE" }) },
  "POST /api/sandbox/inbound": { access: { kind: "own" }, request: () => ({ path: "/api/sandbox/inbound", body: { phoneNumber: "+393331112255", body: "Ciao" } }) },

  "GET /api/media/settings": { access: { kind: "own" }, request: () => ({ path: "/api/media/settings" }) },
  "PUT /api/media/settings": { access: { kind: "own" }, request: () => ({ path: "/api/media/settings", method: "PUT", body: { voiceAi: true } }) },
  "POST /api/media/outbound/:id": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/media/outbound/${w.b.conversationId}?fileName=b.png`, method: "POST", rawBody: sampleBytes("photo"), headers: { "Content-Type": "image/png" } }),
  },
  "POST /api/media/simulator": { access: { kind: "own" }, request: () => ({ path: "/api/media/simulator", body: { phoneNumber: "+393331112277", kind: "location" } }) },
  "GET /api/media-library": { access: { kind: "own" }, request: () => ({ path: "/api/media-library" }) },
  "POST /api/media-library": {
    access: { kind: "own" },
    request: () => ({ path: `/api/media-library?title=${uuid()}&fileName=a.png`, method: "POST", rawBody: sampleBytes("photo"), headers: { "Content-Type": "image/png" } }),
  },
  "DELETE /api/media-library/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/media-library/${w.b.libraryItemId}`, method: "DELETE" }) },
  "GET /api/media/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/media/${w.b.mediaId}` }) },
  // Twilio fetches an outbound attachment with a signed, expiring URL instead of a session.
  "GET /media/:id": { access: { kind: "public", anonymous: 403 }, request: (w) => ({ path: `/media/${w.b.mediaId}` }) },
  // A template's library file for Twilio: the signature is the key (none here).
  "GET /media/template/:id": { access: { kind: "public", anonymous: 403 }, request: (w) => ({ path: `/media/template/${w.b.templateId}` }) },

  "GET /api/twilio-templates": { access: { kind: "own" }, request: () => ({ path: "/api/twilio-templates" }) },
  "GET /api/templates": { access: { kind: "own" }, request: () => ({ path: "/api/templates" }) },
  "POST /api/templates": { access: { kind: "tenant" }, request: (w) => ({ path: "/api/templates", body: { ...TEMPLATE_BODY, twilioAccountId: w.b.accountId } }) },
  "PUT /api/templates/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/templates/${w.b.templateId}`, method: "PUT", body: TEMPLATE_BODY }) },
  "POST /api/templates/:id/submit": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/templates/${w.b.templateId}/submit`, method: "POST" }) },
  "DELETE /api/templates/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/templates/${w.b.templateId}`, method: "DELETE" }) },

  "GET /api/lists": { access: { kind: "own" }, request: () => ({ path: "/api/lists" }) },
  "POST /api/lists": { access: { kind: "own" }, request: () => ({ path: "/api/lists", body: { name: "Clienti", listType: "static", source: "csv" } }) },
  "GET /api/lists/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}` }) },
  "DELETE /api/lists/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}`, method: "DELETE" }) },
  "GET /api/lists/:id/fields": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/fields` }) },
  "GET /api/lists/:id/mapping": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/mapping` }) },
  "PUT /api/lists/:id/mapping": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/lists/${w.b.listId}/mapping`, method: "PUT", body: { fieldMapping: { numeroTelefono: "telefono" } } }),
  },
  "POST /api/lists/:id/import": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/import`, method: "POST" }) },
  "PUT /api/lists/:id/sync": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/sync`, method: "PUT", body: { syncInterval: 60 } }) },
  "GET /api/lists/:id/imports/:importId": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/imports/${w.b.importId}` }) },
  "PUT /api/lists/:id/csv": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/lists/${w.b.listId}/csv?fileName=lead.csv`, method: "PUT", rawBody: "telefono\n+393331110000\n", headers: { "Content-Type": "text/csv" } }),
  },
  "GET /api/lists/:id/leads": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/leads` }) },
  "POST /api/lists/:id/leads": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lists/${w.b.listId}/leads`, body: LIST_LEAD }) },
  "DELETE /api/lists/:id/leads/:leadId": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/lists/${w.b.listId}/leads/${w.b.listLeadId}`, method: "DELETE" }),
  },

  "GET /api/lead-sources": { access: { kind: "own" }, request: () => ({ path: "/api/lead-sources" }) },
  "POST /api/lead-sources": { access: { kind: "own" }, request: () => ({ path: "/api/lead-sources", body: { name: "Modulo contatti" } }) },
  "PUT /api/lead-sources/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lead-sources/${w.b.leadSourceId}`, method: "PUT", body: { name: "Preso" } }) },
  "DELETE /api/lead-sources/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lead-sources/${w.b.leadSourceId}`, method: "DELETE" }) },
  // B's source as a filter finds nothing of B.
  "GET /api/leads": { access: { kind: "own" }, request: (w) => ({ path: `/api/leads?leadSourceId=${w.b.leadSourceId}` }) },
  "POST /api/leads": { access: { kind: "tenant" }, request: (w) => ({ path: "/api/leads", body: { phone: "+393331117777", leadSourceId: w.b.leadSourceId } }) },
  "PUT /api/leads/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/leads/${w.b.leadId}`, method: "PUT", body: { name: "Preso" } }) },
  "DELETE /api/leads/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/leads/${w.b.leadId}`, method: "DELETE" }) },

  "GET /api/settings": { access: { kind: "own" }, request: () => ({ path: "/api/settings" }) },
  "PUT /api/settings": { access: { kind: "tenant" }, request: (w) => ({ path: "/api/settings", method: "PUT", body: { activeTwilioAccountId: w.b.accountId } }) },
  "GET /api/lead-manager/tokens": { access: { kind: "own" }, request: () => ({ path: "/api/lead-manager/tokens" }) },
  "POST /api/lead-manager/tokens": { access: { kind: "own" }, request: () => ({ path: "/api/lead-manager/tokens", body: { name: "CRM", tokenRaw: `tok_${uuid()}` } }) },
  "PUT /api/lead-manager/tokens/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/lead-manager/tokens/${w.b.tokenId}`, method: "PUT", body: { isActive: false } }) },
  "POST /api/lead-manager/leads": { access: { kind: "public", anonymous: 401 }, request: () => ({ path: "/api/lead-manager/leads", body: { phone: "+393331116666" } }) },

  "GET /api/calendar": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/calendar?twilioAccountId=${w.b.accountId}&startDate=2026-06-01&endDate=2026-06-30` }),
  },
  "GET /api/calendar/today": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/calendar/today?twilioAccountId=${w.b.accountId}` }) },
  "GET /api/calendar/day/:date": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/calendar/day/2026-06-05?twilioAccountId=${w.b.accountId}` }) },
  "GET /api/calendar/settings": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/calendar/settings?twilioAccountId=${w.b.accountId}` }) },
  "POST /api/calendar/settings": {
    access: { kind: "tenant" },
    request: (w) => ({ path: "/api/calendar/settings", body: { twilioAccountId: w.b.accountId, notificationEnabled: false } }),
  },
  "POST /api/calendar": { access: { kind: "tenant" }, request: (w) => ({ path: "/api/calendar", body: { ...EVENT_BODY, twilioAccountId: w.b.accountId } }) },
  "PUT /api/calendar/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/calendar/${w.b.eventId}`, method: "PUT", body: EVENT_BODY }) },
  "DELETE /api/calendar/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/calendar/${w.b.eventId}`, method: "DELETE" }) },
  "GET /api/time/current": { access: { kind: "own" }, request: () => ({ path: "/api/time/current" }) },
  "GET /api/lead-notifications/settings": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/lead-notifications/settings?twilioAccountId=${w.b.accountId}` }),
  },
  "POST /api/lead-notifications/settings": {
    access: { kind: "tenant" },
    request: (w) => ({ path: "/api/lead-notifications/settings", body: { twilioAccountId: w.b.accountId, notificationEnabled: false } }),
  },

  "POST /api/admin/users/create-for-account": {
    access: { kind: "tenant" },
    request: (w) => ({
      path: "/api/admin/users/create-for-account",
      body: { email: uniqueEmail("intruso"), password: PASSWORD, firstName: "Ivo", lastName: "Neri", twilioAccountId: w.b.accountId },
    }),
  },
  "GET /api/admin/users": { access: { kind: "admin" }, request: () => ({ path: "/api/admin/users" }) },
  "POST /api/admin/users/create": { access: { kind: "admin" }, request: () => ({ path: "/api/admin/users/create", body: { email: uniqueEmail("nuovo"), password: PASSWORD } }) },
  "PUT /api/admin/users/:userId/role": {
    access: { kind: "admin" },
    request: (w) => ({ path: `/api/admin/users/${w.spareUserId}/role`, method: "PUT", body: { role: "client" } }),
  },
  "PUT /api/admin/users/:userId/active": {
    access: { kind: "admin" },
    request: (w) => ({ path: `/api/admin/users/${w.spareUserId}/active`, method: "PUT", body: { isActive: true } }),
  },
  "PUT /api/admin/users/:userId/password": {
    access: { kind: "admin" },
    request: (w) => ({ path: `/api/admin/users/${w.spareUserId}/password`, method: "PUT", body: { password: "Temporanea-Sicura-42" } }),
  },
  "POST /api/admin/users/:userId/assign-account": {
    access: { kind: "admin" },
    request: (w) => ({ path: `/api/admin/users/${w.spareUserId}/assign-account`, body: { twilioAccountId: w.b.accountId } }),
  },
  "DELETE /api/admin/users/:userId/unassign-account/:twilioAccountId": {
    access: { kind: "admin" },
    request: (w) => ({ path: `/api/admin/users/${w.spareUserId}/unassign-account/${w.b.accountId}`, method: "DELETE" }),
  },
  "GET /api/admin/audit-log": { access: { kind: "admin" }, request: () => ({ path: "/api/admin/audit-log" }) },

  // Twilio's own rule: a signature with the account's auth token over the URL it called.
  "POST /webhooks/twilio/:twilioAccountId/message": {
    access: { kind: "public", anonymous: 403 },
    request: (w) => ({ path: `/webhooks/twilio/${w.b.accountId}/message`, method: "POST", origin: null, headers: FORM, rawBody: "MessageSid=SMx&From=whatsapp%3A%2B393331112266&Body=ciao" }),
  },
  // The benchmark's floor of a stored webhook (BENCH_FLOORS=1 only, 404 otherwise).
  "POST /webhooks/twilio/:twilioAccountId/stored-floor": {
    access: { kind: "public", anonymous: 404 },
    request: (w) => ({ path: `/webhooks/twilio/${w.b.accountId}/stored-floor`, method: "POST", origin: null, headers: FORM, rawBody: "MessageSid=SMx&From=whatsapp%3A%2B393331112266&Body=ciao" }),
  },
  "POST /webhooks/twilio/:twilioAccountId/status": {
    access: { kind: "public", anonymous: 403 },
    request: (w) => ({ path: `/webhooks/twilio/${w.b.accountId}/status`, method: "POST", origin: null, headers: FORM, rawBody: "MessageSid=SMx&MessageStatus=delivered" }),
  },

  // Google's own rule: the source's key in the body (B's source is not a Google one: 404).
  "POST /webhooks/google-leads/:sourceId": {
    access: { kind: "public", anonymous: 404 },
    request: (w) => ({ path: `/webhooks/google-leads/${w.b.leadSourceId}`, method: "POST", origin: null, body: { google_key: "x", user_column_data: [] } }),
  },

  "GET /api/campaigns": { access: { kind: "own" }, request: () => ({ path: "/api/campaigns" }) },
  "GET /api/campaigns/recipients-sample": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/recipients-sample?targetListId=${w.b.listId}` }) },
  "POST /api/campaigns/dynamic": {
    access: { kind: "tenant" },
    request: (w) => ({ path: "/api/campaigns/dynamic", body: { name: "Presa", templateSid: TEMPLATE_SID, targetListId: w.b.listId } }),
  },
  "POST /api/campaigns/calendar": {
    access: { kind: "tenant" },
    request: (w) => ({
      path: "/api/campaigns/calendar",
      body: { name: "Presa", templateSid: TEMPLATE_SID, variables: TEXT_VARIABLES, targetListId: w.b.listId, scheduledDate: "2030-06-05", scheduledTime: "10:00" },
    }),
  },
  "PATCH /api/campaigns/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}`, method: "PATCH", body: { status: "paused" } }) },
  "DELETE /api/campaigns/:id": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}`, method: "DELETE" }) },
  "GET /api/campaigns/:id/capacity": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}/capacity` }) },
  "GET /api/campaigns/:id/funnel": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}/funnel` }) },
  "POST /api/campaigns/:id/funnel": { access: { kind: "tenant" }, request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}/funnel`, body: { templateSid: TEMPLATE_SID, variables: TEXT_VARIABLES } }) },
  "PATCH /api/campaigns/:id/funnel/:stepId": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}/funnel/${w.b.stepId}`, method: "PATCH", body: { isActive: false } }),
  },
  "DELETE /api/campaigns/:id/funnel/:stepId": {
    access: { kind: "tenant" },
    request: (w) => ({ path: `/api/campaigns/${w.b.campaignId}/funnel/${w.b.stepId}`, method: "DELETE" }),
  },
};

export function requestsOf(entry: Entry, w: World): Req[] {
  const r = entry.request(w);
  return Array.isArray(r) ? r : [r];
}

// Whether a concrete path is one the route pattern matches, so an entry cannot test another route.
export function matchesPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".+" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`).test(path.split("?")[0]!);
}

async function ok(path: string, cookie: string, opts: Omit<CallOptions, "cookie"> = {}) {
  const res = await call(path, { ...opts, cookie });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.json;
}

async function tenantWithSandbox(): Promise<Tenant> {
  const { user, cookie } = await signedInUser();
  const account = await ok("/api/twilio-accounts", cookie, { body: SANDBOX_ACCOUNT });
  return { user, cookie, accountId: account.id };
}

// Account B and one of each of its objects, made through the API by B's owner.
export async function createWorld(): Promise<World> {
  const a = await tenantWithSandbox();
  const base = await tenantWithSandbox();
  const { cookie } = base;
  const admin = await signedInUser("super_admin");

  const prompt = await ok("/api/prompts", cookie, { body: { name: "Prompt B", content: "Sei il consulente di B.", linkedTemplates: [TEMPLATE_SID] } });
  const memory = await ok("/api/memories", cookie, { body: { name: "Memoria B", content: "Segreti di B.", visibility: "public" } });
  const template = await ok("/api/templates", cookie, { body: TEMPLATE_BODY });
  const list = await ok("/api/lists", cookie, { body: { name: "Lista B", listType: "dynamic", source: "csv" } });
  const listLead = await ok(`/api/lists/${list.id}/leads`, cookie, { body: LIST_LEAD });
  await ok(`/api/lists/${list.id}/csv?fileName=b.csv`, cookie, { method: "PUT", rawBody: "telefono\n+393331110001\n", headers: { "Content-Type": "text/csv" } });
  const mapping = await ok(`/api/lists/${list.id}/mapping`, cookie, { method: "PUT", body: { fieldMapping: { numeroTelefono: "telefono" } } });
  const inbound = await ok("/api/sandbox/inbound", cookie, { body: { phoneNumber: "+393331110002", body: "Buongiorno" } });
  const [question] = await db()
    .insert(operatorQuestions)
    .values({ conversationId: inbound.conversationId, phoneNumber: "+393331110002", userId: base.user.id, questionAsked: "Consegnate a Bolzano?", expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  const withPhoto = await ok(`/api/media/outbound/${inbound.conversationId}?fileName=b.png`, cookie, {
    method: "POST",
    rawBody: sampleBytes("photo"),
    headers: { "Content-Type": "image/png" },
  });
  const event = await ok("/api/calendar", cookie, { body: EVENT_BODY });
  const source = await ok("/api/lead-sources", cookie, { body: { name: "Fonte B" } });
  const lead = await ok("/api/leads", cookie, { body: { phone: "+393331110003", leadSourceId: source.id } });
  const tokenRaw = `tok_${uuid()}`;
  const token = await ok("/api/lead-manager/tokens", cookie, { body: { name: "CRM B", tokenRaw } });
  const upload = await ok("/api/objects/upload", cookie, { method: "POST" });
  const uploaded = await ok(upload.uploadURL, cookie, { method: "PUT", rawBody: PNG(), headers: { "Content-Type": "image/png" } });
  const photoUpload = await ok("/api/objects/upload", cookie, { method: "POST" });
  await ok(photoUpload.uploadURL, cookie, { method: "PUT", rawBody: PNG(), headers: { "Content-Type": "image/png" } });
  const photo = await ok(`/api/twilio-accounts/${base.accountId}/photo`, cookie, { method: "PUT", body: { profilePhoto: photoUpload.uploadURL } });

  const campaign = await ok("/api/campaigns/dynamic", cookie, { body: { name: "Campagna B", templateSid: TEMPLATE_SID, targetListId: list.id } });
  const step = await ok(`/api/campaigns/${campaign.id}/funnel`, cookie, { body: { templateSid: TEMPLATE_SID, variables: TEXT_VARIABLES } });

  const label = await ok("/api/conversations/labels", cookie, { body: { name: "Etichetta B", color: "red" } });
  const savedReply = await ok("/api/saved-replies", cookie, { body: { shortcut: "saluti", content: "Buongiorno {{nome}}" } });
  const libraryItem = await ok("/api/media-library?title=Listino%20B&fileName=b.png", cookie, { method: "POST", rawBody: PNG(), headers: { "Content-Type": "image/png" } });

  const spare = await ok("/api/admin/users/create", admin.cookie, { body: { email: uniqueEmail("spare"), password: PASSWORD } });

  return {
    a,
    b: {
      ...base,
      promptId: prompt.id,
      memoryId: memory.id,
      templateId: template.id,
      listId: list.id,
      listLeadId: listLead.id,
      importId: mapping.import.id,
      conversationId: inbound.conversationId,
      questionId: question!.id,
      eventId: event.id,
      leadSourceId: source.id,
      leadId: lead.lead.id,
      tokenId: token.id,
      tokenRaw,
      uploadPath: uploaded.objectPath,
      accountPhotoPath: photo.profilePhoto,
      campaignId: campaign.id,
      stepId: step.id,
      labelId: label.id,
      savedReplyId: savedReply.id,
      mediaId: withPhoto.media[0].id,
      libraryItemId: libraryItem.id,
    },
    admin,
    spareUserId: spare.id,
  };
}
