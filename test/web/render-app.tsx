import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { Toaster } from "@web/components/ui/toast";
import { PersonalAssistantProvider } from "@web/lib/personal-assistant";
import { createQueryClient } from "@web/lib/query-client";
import { createAppRouter } from "@web/router";
import type { CurrentUser } from "@shared/schemas/auth";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { type Handler, jsonResponse, mockFetch } from "./fetch-mock";

// The whole console, as main.tsx mounts it, at a given URL.
export function renderApp(url = "/") {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <PersonalAssistantProvider>
        <RouterProvider router={router} />
        <Toaster />
      </PersonalAssistantProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const ADMIN: CurrentUser = {
  id: "u1",
  email: "admin@agentbot.local",
  firstName: "Admin",
  lastName: null,
  profileImageUrl: null,
  role: "super_admin",
};

export const CLIENT: CurrentUser = {
  id: "u2",
  email: "mario.rossi@negozio.it",
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: "client",
};

export function account(overrides: Partial<TwilioAccount> = {}): TwilioAccount {
  return {
    id: "a1",
    name: "Negozio Milano",
    accountSid: `AC${"1".repeat(32)}`,
    authToken: "••••••••abcd",
    phoneNumber: "+393331234567",
    profilePhoto: null,
    gptModel: "gpt-4o-mini",
    feedbackModel: "gpt-3.5-turbo",
    isDefault: true,
    isActive: true,
    enabled: true,
    sandbox: false,
    isOwner: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    phoneCountry: "IT",
    defaultPromptId: null,
    lastInboundAt: null,
    webhookUrls: { message: "https://agentbot.test/webhooks/twilio/a1/message", status: "https://agentbot.test/webhooks/twilio/a1/status" },
    ...overrides,
  };
}

// What the console's shell asks for on every page, signed in as `user` on `active`; a test spreads
// these first and adds (or overrides) its page's routes after.
export function shellRoutes(user: CurrentUser, active: TwilioAccount) {
  return {
    "GET /api/auth/me": () => jsonResponse(user),
    "GET /api/twilio-accounts": () => jsonResponse([active]),
    "GET /api/twilio-accounts/active": () => jsonResponse(active),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "0.0000", totalRequests: 0 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 0 }),
  };
}

// The admin signed in on a sandbox account: the shell's routes, then the test's (which may override them).
export function adminOnSandbox(routes: Record<string, Handler> = {}) {
  return mockFetch({ ...shellRoutes(ADMIN, account({ sandbox: true })), ...routes });
}
