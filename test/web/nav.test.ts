import { describe, expect, it } from "vitest";
import { NAV_DEFAULT, NAV_MOBILE_MENU } from "@shared/nav";
import { isNavActive, pageTitleFor, sidebarItems, visibleNavItems } from "@web/lib/nav";

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe("sidebar entries", () => {
  it("hides admin-only entries from clients", () => {
    expect(labels(sidebarItems("client", false))).toEqual([
      "Dashboard",
      "Template WhatsApp",
      "Prompt AI",
      "Memories",
      "Liste",
      "Lead Sources",
      "Campagne",
      "Conversazioni",
      "Calendario",
      "Azioni",
    ]);
  });

  it("shows everything to a super_admin", () => {
    expect(sidebarItems("super_admin", false)).toEqual([...NAV_DEFAULT]);
    expect(labels(sidebarItems("super_admin", false))).toContain("Admin Users");
  });

  it("hides admin-only entries while the role is unknown", () => {
    expect(sidebarItems(undefined, false).every((i) => !i.adminOnly)).toBe(true);
  });

  it("switches to the Personal Assistant names, without templates, lists and campaigns", () => {
    expect(labels(sidebarItems("client", true))).toEqual([
      "Command Center",
      "Neural Networks",
      "Knowledge Base",
      "Active Sessions",
      "Schedule",
      "Actions",
    ]);
    const admin = sidebarItems("super_admin", true);
    expect(admin).toHaveLength(12);
    expect(admin.map((i) => i.to)).not.toContain("/templates");
    expect(admin.map((i) => i.to)).not.toContain("/lists");
    expect(admin.map((i) => i.to)).not.toContain("/campaigns");
    expect(labels(admin).slice(-6)).toEqual(["Intelligence", "AI Costs", "Communication", "Preferences", "AI Labs", "Admin Panel"]);
  });

  it("keeps the mobile menu for every role", () => {
    expect(labels(visibleNavItems(NAV_MOBILE_MENU, "client"))).toContain("Lead Sources");
  });
});

describe("active entry and titles", () => {
  it("marks / only on itself and others on sub-paths", () => {
    expect(isNavActive("/", "/")).toBe(true);
    expect(isNavActive("/", "/prompts")).toBe(false);
    expect(isNavActive("/conversations", "/conversations")).toBe(true);
    expect(isNavActive("/conversations", "/conversations/42")).toBe(true);
    expect(isNavActive("/lists", "/listsx")).toBe(false);
  });

  it("finds the top-bar title", () => {
    expect(pageTitleFor("/twilio-accounts")?.title).toBe("Account Twilio");
    expect(pageTitleFor("/prompts/")?.title).toBe("Gestione Prompt AI");
    expect(pageTitleFor("/chat/abc")?.title).toBe("Chat");
    expect(pageTitleFor("/nowhere")).toBeNull();
  });
});
