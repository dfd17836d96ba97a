import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  clockTime,
  customerLabel,
  lastActivity,
  listInitials,
  listTime,
  nameOrPhone,
  relativeTime,
  romeDay,
  shiftDay,
  statusLabel,
  wordInitials,
} from "@web/lib/conversation-format";

describe("initials", () => {
  it("takes the first letter of up to two words for dashboard rows", () => {
    const initials = { "Mario Rossi": "MR", "  giulia   de luca ": "GD", "Cliente Anonimo": "CA", Éva: "É" };
    for (const [name, letters] of Object.entries(initials)) expect(wordInitials(name), name).toBe(letters);
  });

  it("takes the first two letters of the name in the list, else the phone's last two digits", () => {
    expect(listInitials({ customerName: "Giulia Bianchi", phoneNumber: "+393331234567" })).toBe("GI");
    expect(listInitials({ customerName: "Al", phoneNumber: "+393331234567" })).toBe("AL");
    expect(listInitials({ customerName: null, phoneNumber: "+393331234567" })).toBe("67");
    expect(listInitials({ customerName: "   ", phoneNumber: "+39 333 12345 08" })).toBe("08");
  });
});

describe("names", () => {
  it("falls back to 'Cliente Anonimo' in rows and to the +number in the chat header", () => {
    expect(customerLabel({ customerName: null, phoneNumber: "+393331234567" })).toBe("Cliente Anonimo");
    expect(customerLabel({ customerName: "Mario", phoneNumber: "+393331234567" })).toBe("Mario");
    expect(nameOrPhone({ customerName: null, phoneNumber: "393331234567" })).toBe("+393331234567");
    expect(nameOrPhone({ customerName: "", phoneNumber: "+393331234567" })).toBe("+393331234567");
    expect(nameOrPhone({ customerName: "Mario", phoneNumber: "+393331234567" })).toBe("Mario");
  });
});

describe("labels", () => {
  it("maps the three row categories and calls everything else Generale", () => {
    const labels: [string | null | undefined, string][] = [["loans", "Prestiti"], ["stationery", "Cartoleria"], ["agency", "Agenzia"], ["ecommerce", "Generale"], [null, "Generale"], [undefined, "Generale"]];
    for (const [category, label] of labels) expect(categoryLabel(category), String(category)).toBe(label);
  });

  it("names active and waiting in Italian and shows other statuses as they are", () => {
    expect(statusLabel("active")).toBe("Attiva");
    expect(statusLabel("waiting")).toBe("Attesa");
    expect(statusLabel("closed")).toBe("closed");
  });
});

describe("times", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("uses lastMessageAt, else createdAt", () => {
    expect(lastActivity({ lastMessageAt: "2026-03-10T10:00:00Z", createdAt: "2026-03-01T10:00:00Z" })).toBe("2026-03-10T10:00:00Z");
    expect(lastActivity({ lastMessageAt: null, createdAt: "2026-03-01T10:00:00Z" })).toBe("2026-03-01T10:00:00Z");
  });

  it("says how long ago in Italian", () => {
    expect(relativeTime("2026-03-10T11:58:00Z", now)).toBe("2 minuti fa");
    expect(relativeTime("2026-03-10T11:59:50Z", now)).toBe("meno di un minuto fa");
    expect(relativeTime("2026-03-10T09:00:00Z", now)).toBe("circa 3 ore fa");
    expect(relativeTime("2026-03-08T12:00:00Z", now)).toBe("2 giorni fa");
    // A clock slightly behind the server's still reads as just now.
    expect(relativeTime("2026-03-10T12:00:30Z", now)).toBe("meno di un minuto fa");
    expect(relativeTime("not a date", now)).toBe("");
  });

  it("formats list times on Rome days: hours today, 'Ieri', else the date", () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Rome (UTC+1 in March before the switch).
    expect(listTime("2026-03-09T23:30:00Z", now)).toBe("00:30");
    expect(listTime("2026-03-09T22:30:00Z", now)).toBe("Ieri");
    expect(listTime("2026-03-01T08:05:00Z", now)).toBe("01/03/26");
    expect(clockTime("2026-07-01T08:05:00Z")).toBe("10:05");
  });

  it("finds the Rome calendar day across midnight and daylight saving", () => {
    expect(romeDay(new Date("2026-03-09T22:59:59Z"))).toBe("2026-03-09");
    expect(romeDay(new Date("2026-03-09T23:00:00Z"))).toBe("2026-03-10");
    expect(romeDay(new Date("2026-07-09T21:59:59Z"))).toBe("2026-07-09");
    expect(romeDay(new Date("2026-07-09T22:00:00Z"))).toBe("2026-07-10");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
  });
});
