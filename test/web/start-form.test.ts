import { describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import type { PromptSummary } from "@web/features/start-conversation/lib/start-form";
import {
  autoPickPrompt,
  canSubmit,
  EMPTY_START_FORM,
  linkedPrompts,
  startErrorTitle,
  validateStartForm,
  type StartFormValues,
} from "@web/features/start-conversation/lib/start-form";

const prompts: PromptSummary[] = [
  { id: "p-off", name: "Vecchio", isActive: false, linkedTemplates: ["HXloans"] },
  { id: "p-loans", name: "Prestiti", isActive: true, linkedTemplates: ["HXloans", "HXagency"] },
  { id: "p-loans-2", name: "Prestiti 2", isActive: true, linkedTemplates: ["HXloans"] },
  { id: "p-agency", name: "Agenzia", isActive: true, linkedTemplates: ["HXagency"] },
];

const filled: StartFormValues = {
  phoneNumber: "+39 333 123 4567",
  templateSid: "HXloans",
  promptId: "p-loans",
  customerName: "  Mario Rossi ",
  customerCompany: "   ",
  variables: { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Prestiti Facili" } },
};

describe("prompt auto-pick", () => {
  it("picks the first active prompt linked to the template", () => {
    expect(autoPickPrompt(prompts, "HXloans")).toBe("p-loans");
    expect(autoPickPrompt(prompts, "HXagency")).toBe("p-loans");
    expect(linkedPrompts(prompts, "HXloans").map((p) => p.id)).toEqual(["p-loans", "p-loans-2"]);
  });

  it("picks none when no active prompt is linked (the form then warns)", () => {
    expect(autoPickPrompt(prompts, "HXstationery")).toBe("");
    expect(autoPickPrompt([prompts[0]!], "HXloans")).toBe("");
    expect(autoPickPrompt(undefined, "HXloans")).toBe("");
    expect(autoPickPrompt(prompts, "")).toBe("");
  });
});

describe("start-conversation validation", () => {
  it("keeps the button disabled while sending or without number, template or prompt", () => {
    expect(canSubmit(filled, false)).toBe(true);
    expect(canSubmit(filled, true)).toBe(false);
    expect(canSubmit({ ...filled, phoneNumber: "  " }, false)).toBe(false);
    expect(canSubmit({ ...filled, templateSid: "" }, false)).toBe(false);
    expect(canSubmit({ ...filled, promptId: "" }, false)).toBe(false);
    expect(canSubmit(EMPTY_START_FORM, false)).toBe(false);
  });

  it("asks for number and template first", () => {
    expect(validateStartForm({ ...filled, phoneNumber: "" }, prompts)).toEqual({
      ok: false,
      problem: { title: TX.missingDataTitle, description: TX.missingData },
    });
    expect(validateStartForm({ ...filled, templateSid: "", phoneNumber: "12" }, prompts)).toMatchObject({ problem: { title: "Dati mancanti" } });
  });

  it("then a prompt linked to the template", () => {
    expect(validateStartForm({ ...filled, promptId: "" }, prompts)).toEqual({
      ok: false,
      problem: { title: TX.missingPromptTitle, description: TX.missingPrompt },
    });
    expect(validateStartForm({ ...filled, promptId: "p-agency" }, prompts)).toMatchObject({ problem: { title: "Prompt mancante" } });
    expect(validateStartForm({ ...filled, promptId: "p-off" }, prompts)).toMatchObject({ problem: { title: "Prompt mancante" } });
  });

  it("leaves the number to the server, which reads it with the account's country", () => {
    expect(validateStartForm({ ...filled, phoneNumber: "  328 123 4567 " }, prompts)).toMatchObject({ ok: true, data: { phoneNumber: "328 123 4567" } });
    expect(startErrorTitle(TX.invalidNumber, "Errore")).toBe("Numero non valido");
    expect(startErrorTitle("altro", "Errore")).toBe("Errore");
  });

  it("sends the number as typed and turns empty optional fields into null", () => {
    expect(validateStartForm(filled, prompts)).toEqual({
      ok: true,
      data: {
        phoneNumber: "+39 333 123 4567",
        templateSid: "HXloans",
        promptId: "p-loans",
        customerName: "Mario Rossi",
        customerCompany: null,
        variables: { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Prestiti Facili" } },
      },
    });
  });

  it("then a source for every {{n}} of the template", () => {
    expect(validateStartForm(filled, prompts, ["2"])).toEqual({ ok: false, problem: { title: VX.heading, description: VX.missing(["2"]) } });
  });
});
