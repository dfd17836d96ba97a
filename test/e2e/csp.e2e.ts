import { describe, expect, it } from "vitest";
import { NAV_DEFAULT } from "@shared/nav";
import { baseUrl, newPage, originHeaders, signIn, useBrowser } from "./browser";

// The SPA under its real Content-Security-Policy (web/public/_headers): every screen, and a chat
// with its live socket, runs without a single violation.

const browser = useBrowser();

describe("the Content-Security-Policy", () => {
  it("blocks nothing the console needs", async () => {
    const page = await newPage(browser());
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
    });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("CSP violation") || m.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${m.text()}`);
    });
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));

    await signIn(page);
    const csp = (await page.request.get(`${baseUrl()}/`)).headers()["content-security-policy"];
    expect(csp).toContain("script-src 'self';");

    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ([p, b]) => (await fetch(p as string, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(b) })).json(),
        [path, body] as const,
      );
    // A throwaway account of its own; the one that was active is restored at the end, so the other
    // e2e files, which share this server, see the accounts they expect.
    const previous = (await (await page.request.get(`${baseUrl()}/api/twilio-accounts/active`)).json()) as { id: string };
    await post("/api/twilio-accounts", { name: "Sandbox CSP", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" });
    const accounts = (await (await page.request.get(`${baseUrl()}/api/twilio-accounts`)).json()) as { id: string; name: string }[];
    const cspAccountId = accounts.find((a) => a.name === "Sandbox CSP")!.id;
    await page.request.put(`${baseUrl()}/api/twilio-accounts/${cspAccountId}/activate`, { headers: originHeaders() });
    const inbound = await post("/api/sandbox/inbound", { phoneNumber: "+393331112299", body: "Buongiorno" });

    for (const path of [...NAV_DEFAULT.map((item) => item.to), `/chat/${inbound.conversationId}`]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState("networkidle");
    }
    expect(sockets.some((url) => url.endsWith(`/api/conversations/${inbound.conversationId}/live`))).toBe(true);
    expect(violations).toEqual([]);
    await page.request.put(`${baseUrl()}/api/twilio-accounts/${previous.id}/activate`, { headers: originHeaders() });
    expect((await page.request.delete(`${baseUrl()}/api/twilio-accounts/${cspAccountId}`, { headers: originHeaders() })).ok()).toBe(true);
    await page.context().close();
  });
});
