import { describe, expect, it } from "vitest";
import { customerJustWrote } from "@web/lib/live/account-live";
import { titleWithUnread } from "@web/lib/live/inbox-alerts";
import { belongsTo } from "@web/lib/queries/conversation-lists";
import { conversation } from "./conversation-fixtures";

describe("the tab title", () => {
  it("shows the unread count only while the tab is hidden, and never twice", () => {
    expect(titleWithUnread("AgentBot Pro", 3, true)).toBe("(3) AgentBot Pro");
    expect(titleWithUnread("(3) AgentBot Pro", 5, true)).toBe("(5) AgentBot Pro");
    expect(titleWithUnread("(5) AgentBot Pro", 5, false)).toBe("AgentBot Pro");
    expect(titleWithUnread("AgentBot Pro", 0, true)).toBe("AgentBot Pro");
  });
});

describe("a pushed change", () => {
  const now = Date.parse("2026-03-10T12:00:00.000Z");
  it("is a customer message when it moves the 24-hour window, not when the team writes", () => {
    const before = conversation({ windowOpenUntil: "2026-03-11T10:00:00.000Z" });
    expect(customerJustWrote(before, { ...before, windowOpenUntil: "2026-03-11T12:00:00.000Z" }, now)).toBe(true);
    expect(customerJustWrote(before, { ...before, lastMessage: "Risposta", lastMessageAt: "2026-03-10T12:00:00.000Z" }, now)).toBe(false);
    // A conversation never seen: only if the customer wrote within the last minute.
    expect(customerJustWrote(undefined, conversation({ windowOpenUntil: "2026-03-11T12:00:00.000Z" }), now)).toBe(true);
    expect(customerJustWrote(undefined, conversation({ windowOpenUntil: "2026-03-11T09:00:00.000Z" }), now)).toBe(false);
    expect(customerJustWrote(undefined, conversation({ windowOpenUntil: null }), now)).toBe(false);
  });

  it("belongs to a list by view, assignment and label, and is unknown to a search", () => {
    const c = conversation({ assignedUserId: "u1", labelIds: ["l1"] });
    expect(belongsTo(c, ["/api/conversations", {}], "u1")).toBe(true);
    expect(belongsTo({ ...c, archivedAt: "2026-03-10T11:00:00.000Z" }, ["/api/conversations", {}], "u1")).toBe(false);
    expect(belongsTo({ ...c, archivedAt: "2026-03-10T11:00:00.000Z" }, ["/api/conversations", { view: "archived" }], "u1")).toBe(true);
    expect(belongsTo(c, ["/api/conversations", { assigned: "mine" }], "u2")).toBe(false);
    expect(belongsTo(c, ["/api/conversations", { assigned: "unassigned" }], "u1")).toBe(false);
    expect(belongsTo(c, ["/api/conversations", { label: "l2" }], "u1")).toBe(false);
    expect(belongsTo({ ...c, labelIds: undefined }, ["/api/conversations", { label: "l1" }], "u1")).toBe("unknown");
    expect(belongsTo(c, ["/api/conversations", { search: "giulia" }], "u1")).toBe("unknown");
    expect(belongsTo({ ...c, status: "waiting" }, ["/api/conversations", "active"], "u1")).toBe(false);
  });
});
