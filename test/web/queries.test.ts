import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { POLL_MS } from "@shared/constants";
import { activeConversationsQueryOptions } from "@web/lib/queries/get-active-conversations";
import { conversationQueryOptions } from "@web/lib/queries/get-conversation";
import { promptsQueryOptions } from "@web/lib/queries/get-prompts";
import { templatesQueryOptions } from "@web/lib/queries/get-templates";
import { queryKeys } from "@web/lib/query-keys";
import { jsonResponse, mockFetch } from "./fetch-mock";
import { buildConversation, buildConversationDetail, buildPrompt, buildTemplate } from "./fixtures";

describe("one query module per endpoint", () => {
  // The pickers (start form, go-live, admin counts) used to store only the first page under the key the
  // prompts screen fills with every page: whichever screen came first decided what the other saw.
  it("reads every page of the prompts, whoever asks first", async () => {
    const first = [buildPrompt({ id: "p3" }), buildPrompt({ id: "p2" })];
    const last = [buildPrompt({ id: "p1" })];
    mockFetch({
      "GET /api/prompts": (call) =>
        new URL(call.url, "http://x").searchParams.get("before") === "p2"
          ? jsonResponse(last)
          : new Response(JSON.stringify(first), { headers: { "Content-Type": "application/json", "X-Next-Cursor": "p2" } }),
    });
    const prompts = await new QueryClient().fetchQuery(promptsQueryOptions());
    expect(prompts.map((p) => p.id)).toEqual(["p3", "p2", "p1"]);
    expect(promptsQueryOptions().queryKey).toEqual(queryKeys.prompts);
  });

  it("reads the templates through the typed client, an empty list when signed out", async () => {
    mockFetch({ "GET /api/templates": () => jsonResponse([buildTemplate({ id: "t1", status: "approved" })]) });
    await expect(new QueryClient().fetchQuery(templatesQueryOptions())).resolves.toMatchObject([{ id: "t1", status: "approved" }]);
    mockFetch({ "GET /api/templates": () => jsonResponse({ error: "Non autorizzato" }, 401) });
    await expect(new QueryClient().fetchQuery(templatesQueryOptions())).resolves.toEqual([]);
  });

  it("reads a conversation by its encoded id, and throws the server's 404", async () => {
    const detail = buildConversationDetail({ id: "c/1" });
    const { calls } = mockFetch({ "GET /api/conversations/c%2F1": () => jsonResponse(detail) });
    await expect(new QueryClient().fetchQuery(conversationQueryOptions("c/1"))).resolves.toEqual(detail);
    expect(calls[0]!.url).toBe("/api/conversations/c%2F1");
    mockFetch({ "GET /api/conversations/gone": () => jsonResponse({ error: "Conversazione non trovata" }, 404) });
    await expect(new QueryClient().fetchQuery(conversationQueryOptions("gone"))).rejects.toMatchObject({ status: 404, error: "Conversazione non trovata" });
  });

  it("polls the active conversations at the list's pace", async () => {
    expect(activeConversationsQueryOptions().refetchInterval).toBe(POLL_MS.activeConversations);
    mockFetch({ "GET /api/conversations/active": () => jsonResponse([buildConversation({ id: "c1" })]) });
    await expect(new QueryClient().fetchQuery(activeConversationsQueryOptions())).resolves.toMatchObject([{ id: "c1" }]);
  });
});
