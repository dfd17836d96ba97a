import { describe, expect, it } from "vitest";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import {
  ALL_MODELS,
  emptyPromptForm,
  filterPrompts,
  formatTestCost,
  hasFixedTemperature,
  preview,
  PROMPT_FILTER_MODELS,
  promptFormFrom,
  temperatureLabel,
  testSettingsFrom,
  validatePromptForm,
} from "@web/features/prompts/lib/prompt-form";
import { checkTestAnswer, InvalidTestAnswerError, testFailureMessage, testFailureToast } from "@web/features/prompts/lib/prompt-test";
import { ApiError } from "@web/lib/api-client";
import { buildPrompt, NEW_YEAR } from "./fixtures";

const prompt = (overrides: Partial<ApiPrompt> = {}) =>
  buildPrompt({ name: "Assistente prestiti", content: "Sei un consulente di prestiti personali.", model: "gpt-4", createdAt: NEW_YEAR, updatedAt: NEW_YEAR, ...overrides });

describe("prompt form", () => {
  it("starts from the spec's defaults: gpt-4, 0.7, 500 tokens, active", () => {
    const form = emptyPromptForm();
    expect(form).toMatchObject({ model: "gpt-4", temperature: 7, maxTokens: "500", isActive: true, linkedTemplates: [] });
    expect(temperatureLabel(form.temperature)).toBe("0.7");
  });

  it("shows the slider value divided by 10", () => {
    expect(temperatureLabel(0)).toBe("0.0");
    expect(temperatureLabel(3)).toBe("0.3");
    expect(temperatureLabel(10)).toBe("1.0");
  });

  it("requires a name and content with the server's texts", () => {
    const result = validatePromptForm({ ...emptyPromptForm(), name: "  " });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({ name: PROMPT_TEXTS.nameRequired, content: PROMPT_TEXTS.contentRequired });
  });

  it("keeps max tokens between 50 and 2000", () => {
    const base = { ...emptyPromptForm(), name: "P", content: "C" };
    for (const bad of ["49", "2001", "", "abc", "100.5"]) {
      const result = validatePromptForm({ ...base, maxTokens: bad });
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.errors.maxTokens).toBe(PROMPT_TEXTS.maxTokensInvalid);
    }
    for (const good of ["50", "2000", " 800 "]) expect(validatePromptForm({ ...base, maxTokens: good }).ok, good).toBe(true);
  });

  it("sends trimmed values, numbers and deduplicated templates", () => {
    const result = validatePromptForm({
      ...emptyPromptForm(),
      name: "  Ufficio  ",
      content: " Vendi cancelleria. ",
      maxTokens: "300",
      temperature: 2,
      linkedTemplates: ["HX1", "HX1", "HX2"],
    });
    expect(result).toEqual({
      ok: true,
      data: { name: "Ufficio", content: "Vendi cancelleria.", model: "gpt-4", temperature: 2, maxTokens: 300, linkedTemplates: ["HX1", "HX2"], isActive: true, agentTools: [] },
    });
  });

  it("takes any model name an OpenAI-compatible server knows, and rejects one that cannot be a name", () => {
    expect(validatePromptForm({ ...emptyPromptForm(), name: "P", content: "C", model: "llama3.1:8b" })).toMatchObject({ ok: true, data: { model: "llama3.1:8b" } });
    const result = validatePromptForm({ ...emptyPromptForm(), name: "P", content: "C", model: "llama 3" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.model).toBe(PROMPT_TEXTS.modelInvalid);
  });

  it("edits a saved prompt from its values", () => {
    expect(promptFormFrom(prompt({ maxTokens: 1200, linkedTemplates: ["HXa"] }))).toMatchObject({ maxTokens: "1200", linkedTemplates: ["HXa"] });
  });

  it("tests with the form as it stands, falling back to 500 tokens when the field is out of range", () => {
    const values = { ...emptyPromptForm(), content: "C", model: "gpt-4o", temperature: 3 };
    expect(testSettingsFrom({ ...values, maxTokens: "900" })).toEqual({ content: "C", model: "gpt-4o", temperature: 3, maxTokens: 900 });
    expect(testSettingsFrom({ ...values, maxTokens: "10" }).maxTokens).toBe(500);
    expect(testSettingsFrom({ ...values, maxTokens: "" }).maxTokens).toBe(500);
  });

  it("knows which models ignore the temperature", () => {
    expect(hasFixedTemperature("gpt-5")).toBe(true);
    expect(hasFixedTemperature("gpt-4")).toBe(false);
    expect(hasFixedTemperature("unknown")).toBe(false);
  });
});

describe("prompt list", () => {
  const prompts = [
    prompt({ id: "1", name: "Prestiti", content: "Tassi e rate", model: "gpt-4" }),
    prompt({ id: "2", name: "Cartoleria", content: "Carta e toner per l'UFFICIO", model: "gpt-5" }),
    prompt({ id: "3", name: "Agenzia", content: "Consulenza", model: "gpt-3.5-turbo" }),
  ];

  it("searches name and content, ignoring case", () => {
    expect(filterPrompts(prompts, { search: "ufficio", model: ALL_MODELS }).map((p) => p.id)).toEqual(["2"]);
    expect(filterPrompts(prompts, { search: "PRESTITI", model: ALL_MODELS }).map((p) => p.id)).toEqual(["1"]);
    expect(filterPrompts(prompts, { search: "  ", model: ALL_MODELS })).toHaveLength(3);
  });

  it("filters by model, together with the search", () => {
    expect(filterPrompts(prompts, { search: "", model: "gpt-5" }).map((p) => p.id)).toEqual(["2"]);
    expect(filterPrompts(prompts, { search: "tassi", model: "gpt-5" })).toEqual([]);
  });

  it("offers the spec's models first, then the rest of the table", () => {
    expect(PROMPT_FILTER_MODELS.slice(0, 3)).toEqual(["gpt-5", "gpt-4", "gpt-3.5-turbo"]);
    expect(PROMPT_FILTER_MODELS).toContain("gpt-4o-mini");
    expect(new Set(PROMPT_FILTER_MODELS).size).toBe(PROMPT_FILTER_MODELS.length);
  });

  it("previews the first 80 characters (dashboard 100) on one line", () => {
    const long = "a".repeat(90);
    expect(preview(long)).toBe(`${"a".repeat(80)}…`);
    expect(preview(long, 100)).toBe(long);
    expect(preview("Riga uno\n\n  riga due")).toBe("Riga uno riga due");
  });

  it("formats a test's cost with 4 decimals", () => {
    expect(formatTestCost("0.00000000")).toBe("$0.0000");
    expect(formatTestCost("0.01234567")).toBe("$0.0123");
    expect(formatTestCost("x")).toBe("$0.0000");
  });
});

describe("prompt test answers and failures", () => {
  it("accepts an answer with content and refuses anything else", () => {
    expect(checkTestAnswer({ content: "Ciao", model: "offline" })).toMatchObject({ content: "Ciao" });
    for (const bad of [null, "testo", {}, { content: 3 }]) expect(() => checkTestAnswer(bad)).toThrow(PROMPT_TEXTS.invalidTestAnswer);
  });

  it("uses the server's message, else the spec's default", () => {
    const provider = new ApiError(502, PROMPT_TEXTS.testError, { reason: "401 Incorrect API key" });
    expect(testFailureMessage(provider)).toBe(PROMPT_TEXTS.testError);
    expect(testFailureToast(provider)).toBe(`${PROMPT_TEXTS.testError} (401 Incorrect API key)`);
    const budget = new ApiError(429, "Limite di spesa AI mensile raggiunto ($5.00 su $5.00)");
    expect(testFailureToast(budget)).toBe("Limite di spesa AI mensile raggiunto ($5.00 su $5.00)");
    expect(testFailureMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(testFailureToast(new TypeError("Failed to fetch"))).toBe(PROMPT_TEXTS.testError);
    expect(testFailureMessage(new InvalidTestAnswerError())).toBe(PROMPT_TEXTS.invalidTestAnswer);
  });
});
