import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { activateAccount, refreshAccountScopedData } from "@web/lib/queries/activate-account";
import { ACCOUNT_SCOPED_KEYS, queryKeys } from "@web/lib/query-keys";
import { installUnhandledRejectionHandler } from "@web/lib/unhandled-rejection";
import { jsonResponse, mockFetch } from "./fetch-mock";

describe("account activation", () => {
  it("PUTs without a body and fails with the spec's text", async () => {
    const { calls } = mockFetch({
      "PUT /api/twilio-accounts/a1/activate": () => jsonResponse({ id: "a1" }),
      "PUT /api/twilio-accounts/a2/activate": () => jsonResponse({ error: "Account Twilio non trovato" }, 404),
    });
    await activateAccount("a1");
    expect(calls[0]).toMatchObject({ method: "PUT", body: undefined, credentials: "include" });
    await expect(activateAccount("a2")).rejects.toThrow("Errore durante l'attivazione");
  });

  it("refreshes everything scoped to the active account", async () => {
    const client = new QueryClient();
    const expected = [
      queryKeys.accounts,
      queryKeys.activeAccount,
      queryKeys.prompts,
      queryKeys.memories,
      queryKeys.templates,
      queryKeys.twilioTemplates,
      queryKeys.conversations,
      queryKeys.analytics,
      queryKeys.leadSources,
      queryKeys.leads,
      queryKeys.lists,
      queryKeys.settings,
      queryKeys.savedReplies,
      queryKeys.calendarSettings,
      queryKeys.usageStats,
      queryKeys.unreadCount,
      queryKeys.operatorQuestions,
      queryKeys.weather,
      queryKeys.campaigns,
    ];
    expect(new Set(ACCOUNT_SCOPED_KEYS)).toEqual(new Set(expected));
    for (const key of expected) client.setQueryData(key, "old");
    client.setQueryData(queryKeys.me, { id: "u" });
    client.setQueryData(["/api/analytics", "stats"], "old");
    await refreshAccountScopedData(client);
    for (const key of expected) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(client.getQueryState(["/api/analytics", "stats"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
  });
});

describe("unhandled promise rejections", () => {
  it("are logged and suppressed", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const uninstall = installUnhandledRejectionHandler(window);
    const event = Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason: new Error("lost") });
    window.dispatchEvent(event);
    uninstall();
    expect(event.defaultPrevented).toBe(true);
    expect(log).toHaveBeenCalledWith("Unhandled promise rejection:", expect.objectContaining({ message: "lost" }));
  });
});
