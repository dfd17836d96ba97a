import { type Context, Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { T } from "@shared/strings";
import { countStatements, createDb } from "./db/client";
import { accountRoutes, gptTestRoutes } from "./features/accounts/routes";
import { adminRoutes } from "./features/admin/routes";
import { agentRoutes } from "./features/agent/routes";
import { ensureBootstrapAdmin } from "./features/auth/bootstrap";
import { loadSession, requireAuth } from "./features/auth/middleware";
import { authRoutes } from "./features/auth/routes";
import { calendarRoutes, timeRoutes } from "./features/calendar/routes";
import { campaignRoutes } from "./features/campaigns/routes";
import { conversationRoutes } from "./features/conversations/routes";
import { leadNotificationRoutes } from "./features/lead-detection/routes";
import { leadIngestRoutes, tokenRoutes } from "./features/lead-manager/routes";
import { leadRoutes, leadSourceRoutes } from "./features/lead-sources/routes";
import { listRoutes } from "./features/lists/routes";
import { memoryRoutes } from "./features/memories/routes";
import { operatorQuestionRoutes } from "./features/operator-questions/routes";
import { weatherRoutes } from "./features/weather/routes";
import { analyticsRoutes } from "./features/analytics/routes";
import { promptRoutes } from "./features/prompts/routes";
import { savedReplyRoutes } from "./features/saved-replies/routes";
import { settingsRoutes } from "./features/settings/routes";
import { templateTestRoutes } from "./features/template-test/routes";
import { templateRoutes } from "./features/templates/routes";
import { templateMediaRoutes } from "./features/templates/media-route";
import { objectRoutes, userRoutes } from "./features/uploads/routes";
import { usageRoutes } from "./features/usage/routes";
import { simulatorRoutes } from "./features/conversations/simulator";
import { providerTemplateRoutes } from "./features/provider-templates/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { mediaRoutes, publicMediaRoutes } from "./features/media/routes";
import { mediaLibraryRoutes } from "./features/media-library/routes";
import { requireValidConfig } from "./lib/config-check";
import { benchFloorRoutes } from "./lib/bench-floors";
import { googleLeadRoutes } from "./features/lead-sources/google-webhook";
import { isOwnOrigin } from "./lib/origin";
import { HttpError, TooManyRequests } from "./lib/http-error";
import { jsonBody } from "./lib/json-body";
import { policiesOf, routePolicy } from "./lib/route-policy";
import { securityHeaders } from "./lib/security-headers";
import type { AppEnv } from "./types";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Cookie-authenticated mutations must come from our own origin and, with a body, carry JSON; calls
// answer only to a session. Routers state their exceptions with routePolicy (worker/lib/route-policy.ts).
const apiPolicy: MiddlewareHandler<AppEnv> = async (c, next) => {
  const policies = policiesOf(c);
  const bearer = policies.has("bearer");
  if (MUTATING.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (!bearer && (!origin || !isOwnOrigin(c.env, c.req.url, origin))) throw new HttpError(403, T.badOrigin);
    const hasBody = Number(c.req.header("Content-Length") ?? 0) > 0 || c.req.header("Transfer-Encoding") !== undefined;
    if (hasBody && !policies.has("rawBody")) {
      const type = c.req.header("Content-Type") ?? "";
      if (!type.toLowerCase().startsWith("application/json")) throw new HttpError(415, T.jsonRequired);
    }
  }
  const folded = c.req.method === "GET" && policies.has("foldedSession") && !bearer && !policies.has("public") && !unfolded.has(c.req.raw);
  await loadSession(
    c,
    async () => {
      if (bearer || policies.has("public")) await next();
      else await requireAuth(c, next);
    },
    folded ? { again: () => runUnfolded(c) } : undefined,
  );
};

// A folded read whose session check disagreed runs again from the start, with its session read first.
const unfolded = new WeakSet<Request>();
async function runUnfolded(c: Context<AppEnv>) {
  const request = new Request(c.req.raw);
  unfolded.add(request);
  return app.fetch(request, c.env, c.executionCtx);
}

const apiHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Attachments say how they may be cached; every other answer is never stored.
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};

export const app = new Hono<AppEnv>();

app.use("*", securityHeaders);
app.use("*", requireValidConfig);

// The benchmark and tests (BENCH_SQL_COUNT=1) read how many SQL statements a request ran, and in how many
// round trips; never set in production. Only a request that asks (X-Count-SQL: 1) is counted: the
// counting binding is new for each request, so the reads compiled per binding would be rebuilt, and the
// benchmark times requests without it.
app.use("*", async (c, next) => {
  if ((c.env as { BENCH_SQL_COUNT?: string }).BENCH_SQL_COUNT !== "1" || c.req.header("X-Count-SQL") !== "1") return next();
  const counted = countStatements(c.env.DB);
  c.env = { ...c.env, DB: counted.d1 };
  await next();
  c.header("X-SQL-Statements", String(counted.count()));
  c.header("X-SQL-Round-Trips", String(counted.roundTrips()));
});
app.use("*", async (c, next) => {
  c.set("db", createDb(c.env.DB));
  await ensureBootstrapAdmin(c.env, c.var.db);
  await next();
});
app.use("/api/*", apiHeaders, apiPolicy);
app.use("/api/*", jsonBody);

const routes = app
  .basePath("/api")
  .get("/login", routePolicy("public"), (c) => c.redirect("/?login=1", 302))
  .get("/health", (c) => c.json({ ok: true }, 200))
  .route("/auth", authRoutes)
  .route("/twilio-accounts", accountRoutes)
  .route("/test-gpt-model", gptTestRoutes)
  .route("/objects", objectRoutes)
  .route("/users", userRoutes)
  .route("/openai-usage", usageRoutes)
  .route("/prompts", promptRoutes)
  .route("/memories", memoryRoutes)
  .route("/template-test", templateTestRoutes)
  .route("/operator-questions", operatorQuestionRoutes)
  .route("/weather", weatherRoutes)
  .route("/analytics", analyticsRoutes)
  .route("/conversations", conversationRoutes)
  .route("/sandbox", simulatorRoutes)
  .route("/twilio-templates", providerTemplateRoutes)
  .route("/templates", templateRoutes)
  .route("/lists", listRoutes)
  .route("/lead-sources", leadSourceRoutes)
  .route("/leads", leadRoutes)
  .route("/settings", settingsRoutes)
  .route("/saved-replies", savedReplyRoutes)
  .route("/lead-manager/tokens", tokenRoutes)
  .route("/lead-manager/leads", leadIngestRoutes)
  .route("/campaigns", campaignRoutes)
  .route("/calendar", calendarRoutes)
  .route("/time", timeRoutes)
  .route("/lead-notifications", leadNotificationRoutes)
  .route("/agent", agentRoutes)
  .route("/admin", adminRoutes)
  .route("/media", mediaRoutes)
  .route("/media-library", mediaLibraryRoutes)
  .route("/bench-floor", benchFloorRoutes);

app.route("/webhooks", webhookRoutes);
app.route("/media/template", templateMediaRoutes);
app.route("/media", publicMediaRoutes);
app.route("/webhooks/google-leads", googleLeadRoutes);

export type AppType = typeof routes;

app.notFound((c) => c.json({ error: T.notFoundApi }, 404));

app.onError((err, c) => {
  if (err instanceof HttpError) {
    if (err instanceof TooManyRequests) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(err.details === undefined ? { error: err.message } : { error: err.message, details: err.details }, err.status);
  }
  if (err instanceof HTTPException) {
    const malformed = /malformed json/i.test(err.message);
    return c.json({ error: malformed ? T.invalidJson : err.message || T.invalidInput }, err.status);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json({ error: T.internalError }, 500);
});
