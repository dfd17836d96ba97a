import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { jsonResponse, mockFetch } from "./fetch-mock";
import { buildSettings } from "./fixtures";
import { account, ADMIN, renderApp } from "./render-app";

type Handler = Parameters<typeof mockFetch>[0] extends Record<string, infer H> | undefined ? H : never;

const SETTINGS = buildSettings({
  profile: { id: "u1", email: ADMIN.email, firstName: "Admin", lastName: "Rossi", profileImageUrl: null, role: "super_admin" },
});

function signedIn(routes: Record<string, Handler>, me: object = ADMIN) {
  const active = account({ sandbox: true });
  return mockFetch({
    "GET /api/auth/me": () => jsonResponse(me),
    "GET /api/twilio-accounts": () => jsonResponse([active]),
    "GET /api/twilio-accounts/active": () => jsonResponse(active),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "0.0000", totalRequests: 0 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 0 }),
    "GET /api/settings": () => jsonResponse(SETTINGS),
    "GET /api/lead-manager/tokens": () => jsonResponse([]),
    ...routes,
  });
}

const fill = (form: HTMLElement, name: string, value: string) => fireEvent.change(form.querySelector(`input[name="${name}"]`)!, { target: { value } });

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/settings")]);
});
afterEach(() => vi.restoreAllMocks());

describe("Cambia password in Configurazione", () => {
  it("checks the confirmation in the page, shows the server's reason, and sends current and new password", async () => {
    let answer = jsonResponse({ error: PX.common }, 400);
    const { calls } = signedIn({ "POST /api/auth/change-password": () => answer });
    renderApp("/settings");
    const form = await screen.findByTestId("change-password-form");
    fill(form, "currentPassword", "vecchia-password-1");
    fill(form, "newPassword", "Nuova-Password-Sicura-7");
    fill(form, "confirmPassword", "Nuova-Password-Sicura-8");
    fireEvent.click(within(form).getByRole("button", { name: PX.submit }));
    expect(await within(form).findByText(PX.mismatch)).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith("/api/auth/change-password"))).toEqual([]);

    fill(form, "newPassword", "        ");
    fill(form, "confirmPassword", "        ");
    fireEvent.click(within(form).getByRole("button", { name: PX.submit }));
    expect(await within(form).findByText(PX.blank)).toBeTruthy();

    fill(form, "newPassword", "iloveyou1");
    fill(form, "confirmPassword", "iloveyou1");
    fireEvent.click(within(form).getByRole("button", { name: PX.submit }));
    expect(await within(form).findByText(PX.common)).toBeTruthy();

    answer = jsonResponse({ ok: true });
    fill(form, "newPassword", "Nuova-Password-Sicura-7");
    fill(form, "confirmPassword", "Nuova-Password-Sicura-7");
    fireEvent.click(within(form).getByRole("button", { name: PX.submit }));
    expect(await screen.findByText(PX.changed)).toBeTruthy();
    const posts = calls.filter((c) => c.method === "POST" && c.url.endsWith("/api/auth/change-password"));
    expect(JSON.parse(String(posts.at(-1)!.body))).toEqual({ currentPassword: "vecchia-password-1", newPassword: "Nuova-Password-Sicura-7" });
    await waitFor(() => expect((form.querySelector('input[name="currentPassword"]') as HTMLInputElement).value).toBe(""));
  });

  it("after an administrator's reset shows only the new-password screen until the password is changed", async () => {
    let me: object = { ...ADMIN, mustChangePassword: true };
    signedIn({
      "GET /api/auth/me": () => jsonResponse(me),
      "POST /api/auth/change-password": () => {
        me = { ...ADMIN, mustChangePassword: false };
        return jsonResponse({ ok: true });
      },
    });
    renderApp("/settings");
    const screenCard = await screen.findByTestId("forced-password-change");
    expect(within(screenCard).getByText(PX.forcedTitle)).toBeTruthy();
    expect(screen.queryByTestId("security-card")).toBeNull();
    const form = within(screenCard).getByTestId("change-password-form");
    fill(form, "currentPassword", "Temporanea-Sicura-42");
    fill(form, "newPassword", "Scelta-Da-Me-2026");
    fill(form, "confirmPassword", "Scelta-Da-Me-2026");
    fireEvent.click(within(form).getByRole("button", { name: PX.submit }));
    expect(await screen.findByTestId("security-card", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId("forced-password-change")).toBeNull();
  });
});
