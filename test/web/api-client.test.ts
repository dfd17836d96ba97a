import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { QUERY_STALE_MS } from "@shared/constants";
import { api, ApiError, apiGet, apiGetAllPages, apiRequest, unwrap, unwrapRead, urlFromQueryKey } from "@web/lib/api-client";
import { meQueryOptions } from "@web/lib/queries/get-me";
import { createQueryClient } from "@web/lib/query-client";
import { unreadCountQueryOptions } from "@web/features/conversations/api/get-unread-count";
import { dismissToast, getToasts } from "@web/lib/toast-store";
import { jsonResponse, mockFetch } from "./fetch-mock";

describe("apiRequest", () => {
  it("answers null for 204", async () => {
    mockFetch({ "DELETE /api/things/1": () => new Response(null, { status: 204 }) });
    await expect(apiRequest("DELETE", "/api/things/1")).resolves.toBeNull();
  });

  it("parses JSON answers", async () => {
    mockFetch({ "GET /api/things": () => jsonResponse([{ id: 1 }]) });
    await expect(apiRequest("GET", "/api/things")).resolves.toEqual([{ id: 1 }]);
  });

  it("throws an ApiError with the status and the server's answer on failure", async () => {
    mockFetch({ "POST /api/things": () => jsonResponse({ error: "Nome richiesto", details: [{ path: "name", message: "Nome richiesto" }] }, 400) });
    const err = await apiRequest("POST", "/api/things", { name: "" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, error: "Nome richiesto", details: [{ path: "name", message: "Nome richiesto" }], message: "Nome richiesto" });
  });

  it("throws an ApiError without a message for people when the failure has no answer", async () => {
    mockFetch({ "GET /api/gone": () => new Response("", { status: 503 }) });
    const err = await apiRequest("GET", "/api/gone").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, error: null, details: undefined });
  });

  it("sends JSON Content-Type only when there is a body, and always cookie credentials", async () => {
    const { calls } = mockFetch({}, () => jsonResponse({ ok: true }));
    await apiRequest("PUT", "/api/twilio-accounts/a1/activate");
    await apiRequest("POST", "/api/prompts", { name: "x" });
    const [noBody, withBody] = calls;
    expect(noBody!.headers.has("Content-Type")).toBe(false);
    expect(noBody!.body).toBeUndefined();
    expect(noBody!.credentials).toBe("include");
    expect(withBody!.headers.get("Content-Type")).toBe("application/json");
    expect(withBody!.body).toBe(JSON.stringify({ name: "x" }));
    expect(withBody!.credentials).toBe("include");
  });

  it("sends FormData as is, letting the browser set the multipart type", async () => {
    const { calls } = mockFetch({}, () => jsonResponse({ profileImageUrl: "/api/objects/users/u/1" }));
    const form = new FormData();
    form.append("profilePhoto", new Blob(["x"], { type: "image/png" }), "a.png");
    await apiRequest("PUT", "/api/users/profile-photo", form);
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers.has("Content-Type")).toBe(false);
  });

  it("sends a file with the Content-Type it is given", async () => {
    const { calls } = mockFetch({}, () => jsonResponse({ objectPath: "p" }));
    const file = new File(["img"], "a.gif", { type: "image/gif" });
    await apiRequest("PUT", "/api/objects/uploads/u/1", file, { contentType: file.type });
    expect(calls[0]!.headers.get("Content-Type")).toBe("image/gif");
    expect(calls[0]!.body).toBe(file);
  });
});

describe("reads", () => {
  it("yield null, not an error, on 401", async () => {
    mockFetch({ "GET /api/auth/me": () => jsonResponse({ error: "Non autorizzato" }, 401) });
    await expect(apiGet("/api/auth/me")).resolves.toBeNull();
  });

  it("still throw on other failures", async () => {
    mockFetch({ "GET /api/x": () => jsonResponse({ error: "no" }, 403) });
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 403, error: "no" });
  });

  it("throw on 401 when asked to", async () => {
    mockFetch({ "GET /api/x": () => new Response("nope", { status: 401 }) });
    await expect(apiGet("/api/x", { on401: "throw" })).rejects.toMatchObject({ status: 401, error: null });
  });

  it("build the URL from the query key", () => {
    expect(urlFromQueryKey(["/api/conversations", "unread-count"])).toBe("/api/conversations/unread-count");
    expect(urlFromQueryKey(["/api/openai-usage", { limit: 50, startDate: "", endDate: undefined }])).toBe("/api/openai-usage?limit=50");
  });
});

describe("query client", () => {
  it("has the spec's defaults", () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(QUERY_STALE_MS);
    expect(QUERY_STALE_MS).toBe(5 * 60 * 1000);
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  it("default query fn turns a 401 into null data and no error", async () => {
    const { calls } = mockFetch({ "GET /api/secret": () => jsonResponse({ error: "Non autorizzato" }, 401) });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/secret"] })).resolves.toBeNull();
    expect(client.getQueryState(["/api/secret"])?.status).toBe("success");
    expect(calls[0]!.credentials).toBe("include");
  });

  it("does not retry failed reads", async () => {
    const { calls } = mockFetch({ "GET /api/broken": () => new Response("x", { status: 500 }) });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/broken"] })).rejects.toMatchObject({ status: 500, error: null });
    expect(calls).toHaveLength(1);
  });

  it("logs failed mutations", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const client = createQueryClient();
    const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(new Error("400: bad")) });
    await observer.mutate().catch(() => {});
    expect(log).toHaveBeenCalledWith("Mutation failed:", expect.objectContaining({ message: "400: bad" }));
  });

  it("never caches the current user and rechecks it on focus", () => {
    const me = meQueryOptions();
    expect(me.queryKey).toEqual(["/api/auth/me"]);
    expect(me.staleTime).toBe(0);
    expect(me.gcTime).toBe(0);
    expect(me.refetchOnWindowFocus).toBe(true);
    expect(me.refetchOnMount).toBe(true);
    expect(me.retry).toBe(false);
  });

  it("polls the unread count every 30 s", async () => {
    const options = unreadCountQueryOptions();
    expect(options.refetchInterval).toBe(30_000);
    mockFetch({ "GET /api/conversations/unread-count": () => jsonResponse({ count: 4 }) });
    await expect(new QueryClient().fetchQuery(options)).resolves.toBe(4);
  });
});

describe("apiGetAllPages", () => {
  it("follows X-Next-Cursor until the last page, so a cut list is read whole", async () => {
    const { calls } = mockFetch({
      "GET /api/prompts": (call) => {
        const before = new URL(call.url, "http://x").searchParams.get("before");
        if (!before) return new Response(JSON.stringify([{ id: "p3" }, { id: "p2" }]), { headers: { "Content-Type": "application/json", "X-Next-Cursor": "p2" } });
        if (before === "p2") return new Response(JSON.stringify([{ id: "p1" }]), { headers: { "Content-Type": "application/json" } });
        return jsonResponse([]);
      },
    });
    expect(await apiGetAllPages<{ id: string }>("/api/prompts")).toEqual([{ id: "p3" }, { id: "p2" }, { id: "p1" }]);
    expect(calls.map((c) => c.url)).toEqual(["/api/prompts", "/api/prompts?before=p2"]);
  });
});

describe("typed client", () => {
  it("calls the route with its params and query, with the session cookie", async () => {
    const { calls } = mockFetch({ "PUT /api/twilio-accounts/a%201/activate": () => jsonResponse({ ok: true }) });
    // hc puts a param in the path as it is given: a value that is not URL-safe is encoded by the caller.
    const res = await api["twilio-accounts"][":id"].activate.$put({ param: { id: encodeURIComponent("a 1") } });
    expect(res.status).toBe(200);
    expect(calls[0]).toMatchObject({ method: "PUT", credentials: "include" });
    const { calls: reads } = mockFetch({ "GET /api/openai-usage": () => jsonResponse([]) });
    await unwrap(api["openai-usage"].$get({ query: { limit: "50" } }));
    expect(reads[0]!.url).toBe("/api/openai-usage?limit=50");
  });

  it("unwraps a success and throws the failure's ApiError", async () => {
    mockFetch({ "GET /api/settings": () => jsonResponse({ error: "Accesso negato", details: { role: "user" } }, 403) });
    const err = await unwrap(api.settings.$get()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, error: "Accesso negato", details: { role: "user" } });
    mockFetch({ "DELETE /api/prompts/p1": () => new Response(null, { status: 204 }) });
    await expect(unwrap(api.prompts[":id"].$delete({ param: { id: "p1" } }))).resolves.toBeNull();
  });

  it("reads answer null on 401 and throw on other failures", async () => {
    mockFetch({ "GET /api/auth/me": () => jsonResponse({ error: "Non autorizzato" }, 401) });
    await expect(unwrapRead(api.auth.me.$get())).resolves.toBeNull();
    mockFetch({ "GET /api/auth/me": () => new Response("down", { status: 502 }) });
    await expect(unwrapRead(api.auth.me.$get())).rejects.toMatchObject({ status: 502, error: null });
  });
});

describe("failure toasts", () => {
  it("come from the mutation cache, titled by the mutation's meta, with the server's message", async () => {
    const client = createQueryClient();
    const failing = (err: unknown) => () => Promise.reject(err);
    const titled = new MutationObserver(client, { mutationFn: failing(new ApiError(409, "Nome già usato")), meta: { errorTitle: "Salvataggio non riuscito" } });
    await titled.mutate().catch(() => {});
    expect(getToasts()[0]).toMatchObject({ title: "Salvataggio non riuscito", description: "Nome già usato", variant: "destructive", open: true });

    const fallback = new MutationObserver(client, {
      mutationFn: failing(new TypeError("Failed to fetch")),
      meta: { errorTitle: "Invio non riuscito", errorFallback: "Controlla la connessione" },
    });
    await fallback.mutate().catch(() => {});
    expect(getToasts()[0]).toMatchObject({ title: "Invio non riuscito", description: "Controlla la connessione" });

    const bare = new MutationObserver(client, { mutationFn: failing(new ApiError(502, null)), meta: { errorTitle: "Eliminazione non riuscita" } });
    await bare.mutate().catch(() => {});
    expect(getToasts()[0]).toMatchObject({ title: "Eliminazione non riuscita", description: undefined });
  });

  it("are not shown for a mutation without a title, which shows its failure itself", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    dismissToast();
    const before = getToasts().filter((t) => t.open).length;
    const client = createQueryClient();
    await new MutationObserver(client, { mutationFn: () => Promise.reject(new ApiError(400, "x")) }).mutate().catch(() => {});
    expect(getToasts().filter((t) => t.open)).toHaveLength(before);
    expect(log).toHaveBeenCalled();
  });
});
