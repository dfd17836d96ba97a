import { T } from "@shared/strings";
import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { isValidInstant } from "@shared/calendar-time";
import { call, createAccount, signedInUser, uniqueEmail } from "./helpers";

describe("strict input", () => {
  it("accepts only https: image URLs for a new user's photo", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const body = (profileImageUrl: string) => ({ email: uniqueEmail(), password: "Cliente-Nuovo-2026", firstName: "A", lastName: "B", profileImageUrl, twilioAccountId: account.id });
    for (const url of ["javascript:alert(document.cookie)", "data:image/png;base64,iVBORw0KGgo=", "http://example.com/a.png", "//example.com/a.png", "ftp://example.com/a.png"]) {
      const res = await call("/api/admin/users/create-for-account", { cookie: owner.cookie, body: body(url) });
      expect(res.status, url).toBe(400);
      expect(res.json.error, url).toBe(ACCOUNT_TEXTS.photoUrlInvalid);
    }
    const ok = await call("/api/admin/users/create-for-account", { cookie: owner.cookie, body: body("https://example.com/a.png") });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.profileImageUrl).toBe("https://example.com/a.png");
  });

  it("answers 400 for dates and times that do not exist instead of rolling them over", async () => {
    const { cookie } = await signedInUser();
    await createAccount(cookie);
    for (const startDate of ["2026-02-30T10:00Z", "2026-04-31T10:00:00.000Z", "2026-13-01T10:00Z", "2026-06-05T24:00Z", "2026-06-05T10:60Z", "2025-02-29T10:00Z"]) {
      const res = await call("/api/calendar", { cookie, body: { title: "Appuntamento", startDate } });
      expect(res.status, startDate).toBe(400);
      expect(res.json.error, startDate).toBe(T.invalidDate);
    }
    const leap = await call("/api/calendar", { cookie, body: { title: "Appuntamento", startDate: "2028-02-29T10:00:00.000Z" } });
    expect(leap.status, leap.text).toBe(201);
    expect(leap.json.startDate).toBe("2028-02-29T10:00:00.000Z");
    expect(isValidInstant("2026-02-28T23:59:59Z")).toBe(true);
  });
});
