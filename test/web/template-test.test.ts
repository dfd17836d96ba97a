import { describe, expect, it } from "vitest";
import { SANDBOX_TEMPLATES, type ProviderTemplate } from "@shared/sandbox-templates";
import { TEMPLATE_TEST_TEXTS } from "@shared/texts/template-test";
import { checkTemplateTest, isSelectable, previewText, statusTone, templateVariables } from "@web/features/template-test/lib/template-test";

const LOANS = SANDBOX_TEMPLATES[0]!;

describe("template test", () => {
  it("colours statuses: approved green, pending yellow, rejected red, other grey", () => {
    const tones = { approved: "green", pending: "yellow", rejected: "red", draft: "grey", "": "grey" };
    for (const [status, tone] of Object.entries(tones)) expect(statusTone(status), status).toBe(tone);
  });

  it("lets only approved templates be picked", () => {
    expect(isSelectable({ status: "approved" })).toBe(true);
    expect(isSelectable({ status: "pending" })).toBe(false);
    expect(isSelectable({ status: "rejected" })).toBe(false);
  });

  it("numbers the variables from 1, from the list or from the text", () => {
    expect(templateVariables(LOANS)).toEqual(["1", "2"]);
    expect(templateVariables({ variables: [], bodyText: "Ciao {{2}}, {{1}} e ancora {{2}}; {{10}}" })).toEqual(["1", "2", "10"]);
    expect(templateVariables({ variables: [], bodyText: "Nessuna variabile" })).toEqual([]);
  });

  it("previews the message with the values typed so far", () => {
    expect(previewText("Ciao {{1}}, sono di {{2}}.", { "1": " Giulia ", "2": "" })).toBe("Ciao Giulia, sono di {{2}}.");
  });

  it("needs a template and a phone number, with the spec's texts", () => {
    const missing = checkTemplateTest({ templateSid: "", phone: "+393331234567", variables: {} }, undefined);
    expect(missing).toEqual({ ok: false, title: TEMPLATE_TEST_TEXTS.missingInfoTitle, message: TEMPLATE_TEST_TEXTS.missingInfo, field: "template" });
    const noPhone = checkTemplateTest({ templateSid: LOANS.sid, phone: " ", variables: {} }, LOANS);
    expect(noPhone).toMatchObject({ ok: false, title: "Missing Information", message: "Please select a template and enter a phone number.", field: "phone" });
  });

  it("needs the country code and a real number", () => {
    const noPrefix = checkTemplateTest({ templateSid: LOANS.sid, phone: "3331234567", variables: { "1": "a", "2": "b" } }, LOANS);
    expect(noPrefix).toMatchObject({ ok: false, field: "phone", message: TEMPLATE_TEST_TEXTS.countryCodeRequired, title: TEMPLATE_TEST_TEXTS.invalidPhoneTitle });
    const short = checkTemplateTest({ templateSid: LOANS.sid, phone: "+39 333", variables: { "1": "a", "2": "b" } }, LOANS);
    expect(short).toMatchObject({ ok: false, field: "phone", message: TEMPLATE_TEST_TEXTS.invalidNumber });
  });

  it("needs a value for every variable", () => {
    const result = checkTemplateTest({ templateSid: LOANS.sid, phone: "+39 333 123 4567", variables: { "1": "Giulia", "2": "  " } }, LOANS);
    expect(result).toMatchObject({ ok: false, field: "variables", message: TEMPLATE_TEST_TEXTS.missingVariables(["2"]) });
  });

  it("sends the normalised number and only the template's variables", () => {
    const template: ProviderTemplate = { ...LOANS, variables: ["1"] , bodyText: "Ciao {{1}}" };
    const result = checkTemplateTest({ templateSid: LOANS.sid, phone: "+39 333 123 4567", variables: { "1": " Giulia ", "7": "extra" } }, template);
    expect(result).toEqual({ ok: true, data: { templateSid: LOANS.sid, phone: "+393331234567", variables: { "1": "Giulia" } } });
  });
});
