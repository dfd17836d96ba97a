import { Hono } from "hono";
import { z } from "zod";
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from "@shared/constants";
import { T } from "@shared/strings";
import { archiveSchema, assignSchema, conversationIdParam, conversationListQuery, labelIdParam, labelSchema, noteSchema, setLabelsSchema, operatorModeSchema, sendManualSchema, sendTemplateSchema, startConversationSchema } from "@shared/schemas/conversations";
import { conversationConversionSchema } from "@shared/schemas/lead-sources";
import { HttpError } from "@worker/lib/http-error";
import { sendJson } from "@worker/lib/held-json";
import { isOwnOrigin } from "@worker/lib/origin";
import { routePolicy } from "@worker/lib/route-policy";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { CONVERSATION_TEXTS as CX } from "@shared/texts/conversations";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import { registerLiveSocket } from "../live-access/service";
import * as repo from "./repo";
import * as service from "./service";
import { conversationConversion, setConversationConversion } from "../lead-sources/service";

const ACTIVE_LIMIT = 50;

const messagePageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional().default(MESSAGE_PAGE_SIZE),
  before: z.string().min(1).max(64).optional(),
});

export const conversationRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", routePolicy("foldedSession"), validate("query", conversationListQuery), async (c) => {
    const active = c.var.account;
    if (!active) return c.json([], 200);
    const q = c.req.valid("query");
    const user = currentUser(c);
    const page = await service.conversationPage(c.var.db, active.account.id, {
      search: q.search,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      before: q.before ? new Date(q.before) : undefined,
      after: q.cursor,
      view: q.view,
      assignee: q.assigned === "mine" ? user.id : q.assigned === "unassigned" ? null : undefined,
      labelId: q.label,
      limit: q.limit,
    });
    // A full page may have more after it: X-Next-Cursor is the `cursor` of the next page.
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    return sendJson(c, page.body);
  })
  // The account's live socket: every change to its conversations, for the list, badge and dashboard.
  .get("/live", async (c) => {
    const origin = c.req.header("Origin");
    if (origin !== undefined && !isOwnOrigin(c.env, c.req.url, origin)) throw new HttpError(403, T.badOrigin);
    const user = currentUser(c);
    const active = c.var.account;
    // A socket answers 404 when there is nothing to watch, not 400.
    if (!active) throw new HttpError(404, T.noActiveAccount);
    if (c.req.header("Upgrade") !== "websocket") return c.json({ error: CX.websocketRequired }, 426);
    // Registered like the conversation socket, so that revoking the session reaches this object at once.
    const sessionId = c.var.sessionId!;
    const socketId = crypto.randomUUID();
    await registerLiveSocket(c.var.db, { socketId, kind: "account", name: active.account.id, sessionId, userId: user.id, accountId: active.account.id });
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-User-Id", user.id);
    headers.set("X-Session-Id", sessionId);
    headers.set("X-Socket-Id", socketId);
    headers.set("X-Account-Id", active.account.id);
    return service.accountLiveStub(c.env, active.account.id).fetch(new Request(c.req.url, { headers }));
  })
  .get("/assignees", async (c) => c.json(await service.assignees(c.var.db, c.var.account), 200))
  .get("/labels", async (c) => c.json(await service.labels(c.var.db, c.var.account), 200))
  .post("/labels", validate("json", labelSchema), async (c) => c.json(await service.createLabel(c.var.db, c.var.account, c.req.valid("json")), 201))
  .delete("/labels/:labelId", validate("param", labelIdParam), async (c) => {
    await service.deleteLabel(c.var.db, c.var.account, c.req.valid("param").labelId);
    return c.json({ ok: true }, 200);
  })
  .get("/active", async (c) => {
    const active = c.var.account;
    if (!active) return c.json([], 200);
    return sendJson(c, (await service.activeConversations(c.var.db, active.account.id, ACTIVE_LIMIT)).body);
  })
  .get("/unread-count", async (c) => {
    const active = c.var.account;
    return c.json({ count: active ? await repo.countUnread(c.var.db, active.account.id) : 0 }, 200);
  })
  .post("/start-with-prompt", validate("json", startConversationSchema), async (c) => {
    return c.json(await service.startWithPrompt(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201);
  })
  .get("/:id", validate("param", conversationIdParam), async (c) => {
    return c.json(await service.detail(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  })
  // The newest page of messages in arrival order; X-Next-Cursor, when present, is the `before` of the page before it.
  .get("/:id/messages", routePolicy("foldedSession"), validate("param", conversationIdParam), validate("query", messagePageQuery), async (c) => {
    const { id } = c.req.valid("param");
    const page = await service.messagePageForUser(c.var.db, currentUser(c), id, c.req.valid("query"));
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    return sendJson(c, page.body);
  })
  .get("/:id/live", validate("param", conversationIdParam), async (c) => {
    // Browsers send the page's Origin with a WebSocket and its cookies: another site's page must not
    // open a console's socket with them (cross-site WebSocket hijacking).
    const origin = c.req.header("Origin");
    if (origin !== undefined && !isOwnOrigin(c.env, c.req.url, origin)) throw new HttpError(403, T.badOrigin);
    const user = currentUser(c);
    const { id } = c.req.valid("param");
    const found = await service.getConversationForUser(c.var.db, user, id);
    if (c.req.header("Upgrade") !== "websocket") return c.json({ error: CX.websocketRequired }, 426);
    // The socket is tied to this session: registered so that revoking it reaches this object.
    const sessionId = c.var.sessionId!;
    const socketId = crypto.randomUUID();
    await registerLiveSocket(c.var.db, { socketId, kind: "conversation", name: id, sessionId, userId: user.id, accountId: found.conversation.twilioAccountId });
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-User-Id", user.id);
    headers.set("X-Conversation-Id", id);
    headers.set("X-Session-Id", sessionId);
    headers.set("X-Socket-Id", socketId);
    headers.set("X-Session-Expire", String(c.var.sessionExpire));
    return service.conversationStub(c.env, id).fetch(new Request(c.req.url, { headers }));
  })
  .post("/:id/send-manual", validate("param", conversationIdParam), validate("json", sendManualSchema), async (c) => {
    const message = await service.sendManual(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").content);
    return c.json(message, 201);
  })
  .post("/:id/send-template", validate("param", conversationIdParam), validate("json", sendTemplateSchema), async (c) => {
    const { templateSid, variables } = c.req.valid("json");
    const message = await service.sendTemplate(c.env, c.var.db, currentUser(c), c.req.valid("param").id, templateSid, variables);
    return c.json(message, 201);
  })
  .post("/:id/operator-mode", validate("param", conversationIdParam), validate("json", operatorModeSchema), async (c) => {
    const conversation = await service.setOperatorMode(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").enabled);
    return c.json(conversation, 200);
  })
  .post("/:id/mark-read", validate("param", conversationIdParam), async (c) => {
    await service.markRead(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .post("/:id/archive", validate("param", conversationIdParam), validate("json", archiveSchema), async (c) => {
    return c.json(await service.setArchived(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").archived), 200);
  })
  .post("/:id/assign", validate("param", conversationIdParam), validate("json", assignSchema), async (c) => {
    return c.json(await service.assign(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").userId), 200);
  })
  .put("/:id/labels", validate("param", conversationIdParam), validate("json", setLabelsSchema), async (c) => {
    return c.json(await service.setLabels(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").labelIds), 200);
  })
  .get("/:id/notes", validate("param", conversationIdParam), async (c) => {
    return c.json(await service.listNotes(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  })
  .post("/:id/notes", validate("param", conversationIdParam), validate("json", noteSchema), async (c) => {
    return c.json(await service.addNote(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").content), 201);
  })
  // The customer's sale, kept on the conversation's lead (what Analytics and the dashboard count).
  .get("/:id/conversion", validate("param", conversationIdParam), async (c) => {
    return c.json(await conversationConversion(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  })
  .put("/:id/conversion", validate("param", conversationIdParam), validate("json", conversationConversionSchema), async (c) => {
    return c.json(await setConversationConversion(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .delete("/:id", validate("param", conversationIdParam), async (c) => {
    await service.remove(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
