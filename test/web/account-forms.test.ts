import { describe, expect, it } from "vitest";
import { accountFormFrom, emptyAccountForm, truncateSid, validateAccountForm } from "@web/features/accounts/lib/account-form";
import { emptyUserForm, isEmailInUse, validateUserForm } from "@web/features/accounts/lib/user-form";
import { account as buildAccount } from "./render-app";

const SID = `AC${"a".repeat(32)}`;

describe("account form", () => {
  it("reports every missing field with the spec's texts", () => {
    const result = validateAccountForm({ ...emptyAccountForm(), gptModel: "" }, { requireToken: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: "Nome richiesto",
      accountSid: "Account SID richiesto",
      authToken: "Auth Token richiesto",
      phoneNumber: "Numero telefono richiesto",
      gptModel: "Modello GPT richiesto",
    });
  });

  it("needs no SID or token for a sandbox", () => {
    const result = validateAccountForm(
      { ...emptyAccountForm(), name: "Prova", phoneNumber: "+393331234567", sandbox: true, accountSid: "ignored" },
      { requireToken: true },
    );
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({ sandbox: true, accountSid: "", authToken: "", name: "Prova" }),
    });
  });

  it("keeps the stored token when editing with it blank", () => {
    const values = { ...emptyAccountForm(), name: "Reale", accountSid: SID, phoneNumber: "+393331234567" };
    expect(validateAccountForm(values, { requireToken: false }).ok).toBe(true);
    expect(validateAccountForm(values, { requireToken: true }).ok).toBe(false);
  });

  it("checks the SID format and the phone format", () => {
    const result = validateAccountForm(
      { ...emptyAccountForm(), name: "x", accountSid: "AC123", authToken: "t", phoneNumber: "12345" },
      { requireToken: true },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.phoneNumber).toMatch(/^Formato numero non valido/);
    const sidOnly = validateAccountForm(
      { ...emptyAccountForm(), name: "x", accountSid: "AC123", authToken: "t", phoneNumber: "+393331234567" },
      { requireToken: true },
    );
    expect(sidOnly.ok).toBe(false);
    if (!sidOnly.ok) expect(sidOnly.errors.accountSid).toMatch(/^Account SID non valido/);
  });

  it("starts an edit with a blank token", () => {
    const account = buildAccount({ name: "Negozio", accountSid: SID, gptModel: "gpt-4", feedbackModel: "llama3.1:8b" });
    expect(accountFormFrom(account)).toEqual({
      name: "Negozio",
      accountSid: SID,
      authToken: "",
      phoneNumber: "+393331234567",
      phoneCountry: "IT",
      gptModel: "gpt-4",
      feedbackModel: "llama3.1:8b",
      isDefault: true,
      sandbox: false,
    });
  });

  it("truncates the SID to 10 characters", () => {
    expect(truncateSid(SID)).toBe("ACaaaaaaaa…");
    expect(truncateSid("AC12")).toBe("AC12");
  });
});

describe("new user form", () => {
  it("uses the spec's texts", () => {
    const result = validateUserForm({ ...emptyUserForm(), profileImageUrl: "not a url" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email: "Email è obbligatoria",
      password: "Password deve essere almeno 8 caratteri",
      firstName: "Nome è obbligatorio",
      lastName: "Cognome è obbligatorio",
      profileImageUrl: "URL foto non valido",
    });
  });

  it("checks the e-mail format and accepts an empty photo URL", () => {
    const base = { ...emptyUserForm(), password: "12345678", firstName: "A", lastName: "B" };
    const bad = validateUserForm({ ...base, email: "nope" });
    expect(bad.ok ? null : bad.errors.email).toBe("Email non valida");
    expect(validateUserForm({ ...base, email: "a@b.it" }).ok).toBe(true);
    expect(validateUserForm({ ...base, email: "a@b.it", profileImageUrl: "https://x.it/a.png" }).ok).toBe(true);
  });

  it("recognises an e-mail conflict", () => {
    expect(isEmailInUse("Email già in uso da un altro utente")).toBe(true);
    expect(isEmailInUse("User already exists")).toBe(true);
    expect(isEmailInUse("Operazione non consentita")).toBe(false);
    expect(isEmailInUse(null)).toBe(false);
  });
});
