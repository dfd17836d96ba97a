import { beforeAll, describe, expect, it } from "vitest";
import { call, login } from "./helpers";
import { createWorld, matchesPattern, registeredRoutes, type Req, requestsOf, ROUTES, type World } from "./security-routes";

// Every route the app registers, called by an anonymous visitor, by a client of account A with
// account B's ids, and by a super_admin. See security-routes.ts for the table.

const registered = registeredRoutes();
const covered = registered.filter((key) => ROUTES[key]);

const methodOf = (req: Req) => req.method ?? (req.body !== undefined || req.rawBody !== undefined ? "POST" : "GET");
const describeReq = (req: Req) => `${methodOf(req)} ${req.path}`;

function expectErrorShape(res: { json: any; text: string }, label: string) {
  expect(typeof res.json?.error, `${label}: ${res.text}`).toBe("string");
}

describe("the route table", () => {
  it("has an entry for every registered route", () => {
    expect(registered.filter((key) => !ROUTES[key])).toEqual([]);
  });

  it("has no entry for a route the app no longer registers", () => {
    const stale = Object.keys(ROUTES).filter((key) => !registered.includes(key));
    expect(stale).toEqual([]);
  });
});

describe("every route with three identities", () => {
  let w: World;
  // Strings of B that no answer to A may contain.
  let bValues: string[];

  beforeAll(async () => {
    w = await createWorld();
    const { cookie: _cookie, user, ...ids } = w.b;
    bValues = [user.id, user.email, ...Object.values(ids)].filter((v) => typeof v === "string" && v.length >= 8);
  }, 120_000);

  it.each(covered)("%s", async (key) => {
    const entry = ROUTES[key]!;
    const [method, pattern] = key.split(" ") as [string, string];
    const clientCookie = entry.endsSession ? await login(w.a.user.email) : w.a.cookie;
    const adminCookie = entry.endsSession ? await login(w.admin.user.email) : w.admin.cookie;
    for (const req of requestsOf(entry, w)) {
      const label = describeReq(req);
      expect(methodOf(req), label).toBe(method);
      expect(matchesPattern(pattern, req.path), `${label} does not match ${pattern}`).toBe(true);

      const anonymous = await call(req.path, req);
      const anonymousExpected = entry.access.kind === "public" ? entry.access.anonymous : 401;
      expect(anonymous.status, `anonymous ${label}: ${anonymous.text}`).toBe(anonymousExpected);
      if (anonymousExpected >= 400) expectErrorShape(anonymous, `anonymous ${label}`);

      const client = await call(req.path, { ...req, cookie: clientCookie });
      const clientLabel = `client A ${label}`;
      expect(client.status, `${clientLabel}: ${client.text}`).toBeLessThan(500);
      switch (entry.access.kind) {
        case "admin":
          expect(client.status, `${clientLabel}: ${client.text}`).toBe(403);
          expectErrorShape(client, clientLabel);
          break;
        case "tenant":
          expect(client.status, `${clientLabel}: ${client.text}`).toBe(entry.access.denied ?? 404);
          expectErrorShape(client, clientLabel);
          break;
        case "own":
          expect([401, 403], `${clientLabel}: ${client.text}`).not.toContain(client.status);
          break;
        case "public":
          // A session changes nothing on routes with their own rules.
          expect(client.status, `${clientLabel}: ${client.text}`).toBe(anonymousExpected);
          break;
      }
      for (const value of bValues) expect(client.text, `${clientLabel} shows B's ${value}`).not.toContain(value);

      // A super_admin may use every route; B's objects are only read, so the later checks still find them.
      if (entry.access.kind !== "tenant" || method === "GET") {
        const admin = await call(req.path, { ...req, cookie: adminCookie });
        const adminLabel = `super_admin ${label}: ${admin.text}`;
        if (entry.access.kind === "public") expect(admin.status, adminLabel).toBe(anonymousExpected);
        else {
          expect(admin.status, adminLabel).toBeLessThan(500);
          expect([401, 403], adminLabel).not.toContain(admin.status);
        }
        if (entry.access.kind === "admin") expect(admin.status, adminLabel).toBeLessThan(400);
      }
    }
  });

  it("leaves every object of account B in place", async () => {
    const b = w.b;
    const paths = [
      `/api/prompts/${b.promptId}`,
      `/api/memories/${b.memoryId}`,
      `/api/lists/${b.listId}`,
      `/api/lists/${b.listId}/imports/${b.importId}`,
      `/api/conversations/${b.conversationId}`,
      b.uploadPath,
      b.accountPhotoPath,
      `/api/campaigns/${b.campaignId}/funnel`,
    ];
    for (const path of paths) expect((await call(path, { cookie: b.cookie })).status, path).toBe(200);
    for (const [path, id] of [
      [`/api/lists/${b.listId}/leads`, b.listLeadId],
      ["/api/templates", b.templateId],
      ["/api/lead-sources", b.leadSourceId],
      ["/api/leads", b.leadId],
      ["/api/lead-manager/tokens", b.tokenId],
      ["/api/operator-questions", b.questionId],
      ["/api/calendar/day/2026-06-05", b.eventId],
    ] as const) {
      const res = await call(path, { cookie: b.cookie });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(id);
    }
    const account = (await call("/api/twilio-accounts/active", { cookie: b.cookie })).json;
    expect(account).toMatchObject({ id: b.accountId, name: "Sandbox" });
    const tokens = (await call("/api/lead-manager/tokens", { cookie: b.cookie })).json as { id: string; isActive: boolean }[];
    expect(tokens.find((t) => t.id === b.tokenId)?.isActive).toBe(true);
  });
});
