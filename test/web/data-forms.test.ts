import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiList, ApiListImport } from "@shared/schemas/lists";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";
import { suggestMapping } from "@shared/schemas/lists";
import { generateTokenValue, LOGIN_URL, TOKEN_MIN_LENGTH, UNAUTHORIZED_REDIRECT_MS } from "@shared/schemas/settings";
import { SETTINGS_TEXTS } from "@shared/texts/settings";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { T } from "@shared/strings";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { emptyLeadSourceForm, toggleDay, validateLeadSourceForm } from "@web/features/leads/lib/lead-source-form";
import { finishedImports, importFraction, importStates } from "@web/features/lists/lib/import-progress";
import { emptyListForm, validateListForm } from "@web/features/lists/lib/list-form";
import { emptyLeadForm, validateLeadForm } from "@web/features/lists/lib/lead-form";
import { handledUnauthorized } from "@web/features/settings/lib/unauthorized";
import { permissionsText, tokenFormFrom, validateTokenForm } from "@web/features/settings/lib/token-form";
import { contentJson, emptyTemplateForm, formBody, nextVariable, templateErrorsFromDetails, validateTemplateForm } from "@web/features/templates/lib/template-form";
import { getToasts } from "@web/lib/toast-store";
import { ApiError } from "@web/lib/api-client";

describe("the template form", () => {
  it("starts with the spec's defaults and checks name, category and the body rules", () => {
    expect(emptyTemplateForm()).toMatchObject({ channel: "whatsapp", language: "it", contentType: "text" });
    const empty = validateTemplateForm(emptyTemplateForm());
    expect(empty).toEqual({ ok: false, errors: { name: TEMPLATE_TEXTS.nameRequired, category: TEMPLATE_TEXTS.categoryRequired, text: TEMPLATE_TEXTS.textRequired } });
    const base = { ...emptyTemplateForm(), name: "Promo", category: "loans" };
    expect(validateTemplateForm({ ...base, text: "{{1}} ciao" })).toEqual({ ok: false, errors: { text: TEMPLATE_TEXTS.variableAtStart } });
    expect(validateTemplateForm({ ...base, contentType: "media", mediaCaption: "Ecco il catalogo {{2}} per te" })).toEqual({
      ok: false,
      errors: { mediaCaption: TEMPLATE_TEXTS.variableGap(1), mediaUrl: TEMPLATE_TEXTS.mediaUrlRequired },
    });
    const ok = validateTemplateForm({ ...base, text: "Ciao {{1}}, ecco la tua offerta!" });
    expect(ok.ok && ok.data.whatsappContent).toEqual({ type: "text", text: "Ciao {{1}}, ecco la tua offerta!", mediaUrl: null, mediaCaption: null });
  });

  it("numbers the next variable, reads server details and shows the content as JSON", () => {
    expect(nextVariable("Ciao {{1}} da {{2}}!")).toBe(3);
    expect(formBody({ ...emptyTemplateForm(), contentType: "media", text: "ignorato", mediaCaption: "Didascalia" })).toBe("Didascalia");
    expect(templateErrorsFromDetails([{ path: "whatsappContent.text", message: "x" }, { path: "name", message: "y" }])).toEqual({ text: "x", name: "y" });
    const json = contentJson({ whatsappContent: { type: "text", text: "Ciao", mediaUrl: null, mediaCaption: null } } as never);
    expect(JSON.parse(json)).toEqual({ type: "text", text: "Ciao" });
  });
});

describe("the list forms", () => {
  it("gives the spec's create messages", () => {
    expect(validateListForm({ ...emptyListForm() })).toMatchObject({ ok: false, errors: { form: LIST_TEXTS.createRequired } });
    const airtable = validateListForm({ ...emptyListForm(), name: "Clienti", apiKey: "pat123" });
    expect(airtable).toMatchObject({ ok: false, errors: { form: LIST_TEXTS.airtableRequired, baseId: LIST_TEXTS.airtableRequired, tableId: LIST_TEXTS.airtableRequired } });
    expect(validateListForm({ ...emptyListForm(), name: "Clienti", apiKey: "pat123", baseId: "base", tableId: "tblX" })).toMatchObject({
      ok: false,
      errors: { baseId: AIRTABLE_TEXTS.baseIdInvalid },
    });
    expect(validateListForm({ ...emptyListForm(), name: "Clienti", source: "csv" })).toMatchObject({ ok: false, errors: { file: LIST_TEXTS.csvFileRequired } });
    const file = new File(["Nome,Telefono\n"], "c.csv", { type: "text/csv" });
    expect(validateListForm({ ...emptyListForm(), name: "Clienti", source: "csv", file })).toEqual({ ok: true, data: { name: "Clienti", listType: "static", source: "csv" } });
  });

  it("checks the list lead form", () => {
    expect(validateLeadForm(emptyLeadForm())).toEqual({
      ok: false,
      errors: { nome: LIST_TEXTS.nomeRequired, cognome: LIST_TEXTS.cognomeRequired, numeroTelefono: LIST_TEXTS.numeroRequired },
    });
    expect(validateLeadForm({ ...emptyLeadForm(), nome: "A", cognome: "B", numeroTelefono: "333 1234567", email: "x@" })).toEqual({ ok: false, errors: { email: T.emailInvalid } });
    expect(validateLeadForm({ ...emptyLeadForm(), nome: "A", cognome: "B", numeroTelefono: "333 1234567" }).ok).toBe(true);
  });

  it("suggests a mapping from Italian and English headers", () => {
    expect(suggestMapping(["Nome", "Cognome", "Cellulare", "E-mail", "Professione", "Note"])).toEqual({
      nome: "Nome",
      cognome: "Cognome",
      numeroTelefono: "Cellulare",
      email: "E-mail",
      professione: "Professione",
      note: "Note",
    });
    expect(suggestMapping(["first_name", "last_name", "phone_number", "email"])).toEqual({ nome: "first_name", cognome: "last_name", numeroTelefono: "phone_number", email: "email" });
  });
});

describe("import progress", () => {
  const imp = (over: Partial<ApiListImport>): ApiListImport => ({
    id: "i1",
    source: "csv",
    status: "running",
    total: 1000,
    processed: 250,
    created: 0,
    updated: 0,
    unchanged: 0,
    invalid: 0,
    deactivated: 0,
    count: 0,
    error: null,
    invalidRows: [],
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: null,
    ...over,
  });
  const list = (lastImport: ApiListImport | null) => ({ id: "l1", lastImport }) as ApiList;

  it("knows the fraction when the total is known, and reports each finished import once", () => {
    expect(importFraction(imp({}))).toBe(0.25);
    expect(importFraction(imp({ total: null }))).toBeNull();
    expect(importFraction(imp({ status: "completed" }))).toBe(1);
    const seen = importStates([list(imp({}))]);
    expect(finishedImports(seen, [list(imp({ status: "completed", count: 990 }))])).toMatchObject([{ kind: "completed", imp: { count: 990 } }]);
    expect(finishedImports(importStates([list(imp({ status: "completed" }))]), [list(imp({ status: "completed" }))])).toEqual([]);
    expect(finishedImports(seen, [list(imp({ status: "failed", error: "x" }))])).toMatchObject([{ kind: "failed" }]);
  });
});

describe("the lead source form", () => {
  it("checks schedules, days and dates and keeps Monday first", () => {
    const base = { ...emptyLeadSourceForm(), name: "Sito", calendarType: "daily" };
    expect(emptyLeadSourceForm()).toMatchObject({ syncInterval: "30", time: "09:00", autoResponse: true });
    expect(validateLeadSourceForm({ ...base, talkingSchedules: [{ hour: "24", minute: "0", message: "Ciao" }] })).toEqual({
      ok: false,
      errors: { "talkingSchedules.0.hour": LEAD_TEXTS.hourInvalid },
    });
    expect(validateLeadSourceForm({ ...base, talkingSchedules: [{ hour: "9", minute: "", message: "" }] })).toEqual({
      ok: false,
      errors: { "talkingSchedules.0.minute": LEAD_TEXTS.minuteInvalid, "talkingSchedules.0.message": LEAD_TEXTS.messageRequired },
    });
    expect(validateLeadSourceForm({ ...base, startDate: "2026-05-10", endDate: "2026-05-01" })).toEqual({ ok: false, errors: { endDate: T.endBeforeStart } });
    const ok = validateLeadSourceForm({ ...base, time: "18:45", selectedDays: [0, 1] });
    expect(ok.ok && ok.data).toMatchObject({ calendarHour: 18, calendarMinute: 45, timezone: "Europe/Rome" });
    expect(toggleDay([1, 2], 2)).toEqual([1]);
    expect(toggleDay([1], 0)).toEqual([1, 0]);
  });
});

describe("the token form and the 401 behaviour", () => {
  afterEach(() => vi.useRealTimers());

  it("needs a name and a token, and never starts from the stored one", () => {
    expect(validateTokenForm({ name: "", tokenRaw: "" })).toEqual({ ok: false, error: SETTINGS_TEXTS.tokenRequired });
    expect(validateTokenForm({ name: "CRM", tokenRaw: "" })).toEqual({ ok: false, error: SETTINGS_TEXTS.tokenRequired });
    expect(validateTokenForm({ name: "CRM", tokenRaw: "breve" })).toEqual({ ok: false, error: SETTINGS_TEXTS.tokenTooShort });
    // The console generates each value (256 bits): a new form and an edit (which replaces the token) start from a fresh one.
    const edit = tokenFormFrom({ mode: "edit", token: { name: "CRM" } as never });
    expect(edit).toEqual({ name: "CRM", tokenRaw: expect.stringMatching(/^abp_[A-Za-z0-9_-]{43}$/) });
    expect(tokenFormFrom({ mode: "new" }).tokenRaw).not.toBe(edit.tokenRaw);
    expect(validateTokenForm({ name: "CRM", tokenRaw: "a".repeat(40) })).toEqual({ ok: false, error: SETTINGS_TEXTS.tokenTooShort });
    expect(validateTokenForm({ name: "CRM", tokenRaw: edit.tokenRaw })).toMatchObject({ ok: true });
    expect(generateTokenValue().length).toBeGreaterThan(TOKEN_MIN_LENGTH);
    expect(generateTokenValue()).not.toBe(generateTokenValue());
    expect(permissionsText([], SETTINGS_TEXTS.notAvailable)).toBe("N/A");
    expect(permissionsText(["leads:write"], SETTINGS_TEXTS.notAvailable)).toBe("leads:write");
  });

  it("shows 'Non autorizzato' and goes to /api/login after 500 ms", () => {
    vi.useFakeTimers();
    const go = vi.fn();
    expect(handledUnauthorized(new ApiError(500, "x"), go)).toBe(false);
    expect(handledUnauthorized(new ApiError(401, "Non autorizzato"), go)).toBe(true);
    expect(getToasts()[0]).toMatchObject({ title: "Non autorizzato", description: SETTINGS_TEXTS.unauthorizedDescription });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith(LOGIN_URL);
  });
});
