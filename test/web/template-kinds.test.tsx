import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEMPLATE_LIMITS } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { addableButtons, emptyTemplateForm, newButton, templateErrorsFromDetails, validateTemplateForm } from "@web/features/templates/lib/template-form";
import { jsonResponse, type RecordedCall } from "./fetch-mock";
import { adminOnSandbox, renderApp } from "./render-app";
import { buildTextTemplate } from "./fixtures";

const signedIn = adminOnSandbox;

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body));

const template = buildTextTemplate;

const LIBRARY = {
  items: [{ id: "lib1", title: "Volantino", description: "", fileName: "volantino.png", contentType: "image/png", size: 1200, createdAt: "2026-03-01T09:00:00.000Z" }],
  canEdit: true,
};

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/templates")]);
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the template form's kinds", { timeout: 20_000 }, () => {
  it("checks buttons with the shared rules and maps the server's button errors to their fields", () => {
    const base = { ...emptyTemplateForm(), name: "Scelta", category: "loans", contentType: "quick-reply" as const, text: "Ciao {{1}}, cosa preferisci?" };
    expect(validateTemplateForm(base)).toEqual({ ok: false, errors: { buttons: TX.buttonsRequired } });
    const long = validateTemplateForm({ ...base, buttons: [{ ...newButton("QUICK_REPLY"), title: "Un testo davvero troppo lungo" }] });
    expect(long).toEqual({ ok: false, errors: { "buttons.0.title": TX.buttonTitleTooLong(TEMPLATE_LIMITS.buttonTitle) } });
    const ok = validateTemplateForm({ ...base, buttons: [{ ...newButton("QUICK_REPLY"), title: "Sì" }] });
    expect(ok.ok && ok.data.whatsappContent).toMatchObject({ type: "quick-reply", text: base.text, buttons: [{ type: "QUICK_REPLY", title: "Sì", id: null, url: null, phone: null }] });
    const cta = validateTemplateForm({ ...base, contentType: "call-to-action", buttons: [{ ...newButton("URL"), title: "Sito", url: "http://x.it" }] });
    expect(cta).toEqual({ ok: false, errors: { "buttons.0.url": TX.buttonUrlInvalid } });
    expect(validateTemplateForm({ ...base, contentType: "card", footer: "x".repeat(61) })).toEqual({ ok: false, errors: { footer: TX.footerTooLong(TEMPLATE_LIMITS.footer) } });
    expect(templateErrorsFromDetails([{ path: "whatsappContent.buttons.1.phone", message: "p" }, { path: "whatsappContent.mediaLibraryId", message: "m" }])).toEqual({ "buttons.1.phone": "p", mediaUrl: "m" });
    // A call to action takes up to 2 links and 1 phone; a card 3 buttons of any type.
    expect(addableButtons("call-to-action", [newButton("PHONE_NUMBER")])).toEqual(["URL"]);
    expect(addableButtons("card", [newButton("URL"), newButton("URL"), newButton("QUICK_REPLY")])).toEqual([]);
    expect(addableButtons("text", [])).toEqual([]);
  });

  it("builds a quick-reply template with a live WhatsApp preview and saves it with its buttons", async () => {
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse([]),
      "POST /api/templates": (call) => jsonResponse(template({ ...bodyOf(call), id: "new" }), 201),
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: TX.createFirst }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Catalogo" } });
    fireEvent.change(dialog.querySelector('select[name="category"]')!, { target: { value: "stationery" } });
    fireEvent.change(dialog.querySelector('select[name="contentType"]')!, { target: { value: "quick-reply" } });
    fireEvent.change(dialog.querySelector('textarea[name="text"]')!, { target: { value: "Ciao {{1}}, vuoi il catalogo?" } });
    // Quick replies offer no link or phone buttons.
    expect(within(dialog).queryByRole("button", { name: TX.addUrlButton })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: TX.addQuickReply }));
    fireEvent.click(within(dialog).getByRole("button", { name: TX.addQuickReply }));
    fireEvent.change(dialog.querySelector('input[name="buttons.0.title"]')!, { target: { value: "Sì, grazie" } });
    fireEvent.change(dialog.querySelector('input[name="buttons.1.title"]')!, { target: { value: "No" } });

    const preview = within(dialog).getByTestId("template-preview");
    expect(preview.textContent).toContain("Ciao Mario, vuoi il catalogo?");
    const buttons = within(preview).getByTestId("template-preview-buttons");
    expect([...buttons.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Sì, grazie", "No"]);

    // The second button goes; a title too long is refused on save.
    fireEvent.click(within(dialog).getByRole("button", { name: TX.removeButton(2) }));
    fireEvent.change(dialog.querySelector('input[name="buttons.0.title"]')!, { target: { value: "Sì, mandamelo subito ora" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText(TX.buttonTitleTooLong(TEMPLATE_LIMITS.buttonTitle))).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/templates")).toBe(false);

    fireEvent.change(dialog.querySelector('input[name="buttons.0.title"]')!, { target: { value: "Sì, mandalo" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TX.created)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === "POST" && c.url === "/api/templates")).whatsappContent).toEqual({
      type: "quick-reply",
      text: "Ciao {{1}}, vuoi il catalogo?",
      mediaUrl: null,
      mediaCaption: null,
      mediaLibraryId: null,
      footer: null,
      buttons: [{ type: "QUICK_REPLY", title: "Sì, mandalo", id: null, url: null, phone: null }],
    });
  });

  it("builds a card with a library image, a footer and a call button, previewed as WhatsApp shows it", async () => {
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/media-library": () => jsonResponse(LIBRARY),
      "POST /api/templates": (call) => jsonResponse(template({ ...bodyOf(call), id: "new" }), 201),
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: TX.createFirst }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Promo card" } });
    fireEvent.change(dialog.querySelector('select[name="category"]')!, { target: { value: "stationery" } });
    fireEvent.change(dialog.querySelector('select[name="contentType"]')!, { target: { value: "card" } });
    const library = (await within(dialog).findByRole("option", { name: "Volantino (volantino.png)" })).closest("select")!;
    fireEvent.change(library, { target: { value: "lib1" } });
    // With a library file there is no URL to type.
    expect(dialog.querySelector('input[name="mediaUrl"]')).toBeNull();
    fireEvent.change(dialog.querySelector('textarea[name="text"]')!, { target: { value: "Ciao {{1}}, la nuova collezione è qui!" } });
    fireEvent.change(dialog.querySelector('input[name="footer"]')!, { target: { value: "Cartoleria Rossi" } });
    fireEvent.click(within(dialog).getByRole("button", { name: TX.addPhoneButton }));
    // One phone button at most.
    expect(within(dialog).queryByRole("button", { name: TX.addPhoneButton })).toBeNull();
    fireEvent.change(dialog.querySelector('input[name="buttons.0.title"]')!, { target: { value: "Chiamaci" } });
    fireEvent.change(dialog.querySelector('input[name="buttons.0.phone"]')!, { target: { value: "+39 02 1234 5678" } });

    const preview = within(dialog).getByTestId("template-preview");
    expect(within(preview).getByTestId("template-preview-media").textContent).toBe("volantino.png");
    expect(preview.textContent).toContain("Ciao Mario, la nuova collezione è qui!");
    expect(within(preview).getByTestId("template-preview-footer").textContent).toBe("Cartoleria Rossi");
    expect(within(preview).getByTestId("template-preview-buttons").textContent).toBe("Chiamaci");

    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TX.created)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === "POST" && c.url === "/api/templates")).whatsappContent).toEqual({
      type: "card",
      text: "Ciao {{1}}, la nuova collezione è qui!",
      mediaUrl: null,
      mediaCaption: null,
      mediaLibraryId: "lib1",
      footer: "Cartoleria Rossi",
      buttons: [{ type: "PHONE_NUMBER", title: "Chiamaci", id: null, url: null, phone: "+39 02 1234 5678" }],
    });
  });

  it("uploads a media template's image to the library from the form and refuses a file of another type", async () => {
    const uploaded = { ...LIBRARY.items[0]!, id: "lib2", title: "foto", fileName: "foto.png" };
    let items = [...LIBRARY.items];
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/media-library": () => jsonResponse({ items, canEdit: true }),
      "POST /api/media-library": () => {
        items = [...items, uploaded];
        return jsonResponse(uploaded, 201);
      },
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: TX.createFirst }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('select[name="contentType"]')!, { target: { value: "media" } });
    const input = (await within(dialog).findByLabelText(TX.mediaUploadLabel)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["testo"], "note.txt", { type: "text/plain" })] } });
    expect(await within(dialog).findByText(/Il file deve essere un PDF o una foto/)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url.startsWith("/api/media-library"))).toBe(false);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], "foto.png", { type: "image/png" })] } });
    await vi.waitFor(() => expect((dialog.querySelector('select[name="mediaLibraryId"]') as HTMLSelectElement).value).toBe("lib2"));
    const post = calls.find((c) => c.method === "POST" && c.url.startsWith("/api/media-library"))!;
    expect(new URL(post.url, "https://x.test").searchParams.get("fileName")).toBe("foto.png");
    expect(within(within(dialog).getByTestId("template-preview")).getByTestId("template-preview-media").textContent).toBe("foto.png");
  });

  it("shows each kind's badge on the template list", async () => {
    signedIn({
      "GET /api/templates": () =>
        jsonResponse([
          template({ id: "t1" }),
          template({ id: "t2", whatsappContent: { type: "media", text: null, mediaUrl: "https://cdn.example.it/a.jpg", mediaCaption: "Ecco {{1}} il listino" } }),
          template({ id: "t3", whatsappContent: { type: "quick-reply", text: "Ciao {{1}} scegli", mediaUrl: null, mediaCaption: null, buttons: [{ type: "QUICK_REPLY", title: "Sì", id: "si", url: null, phone: null }] } }),
          template({ id: "t4", whatsappContent: { type: "call-to-action", text: "Ciao {{1}} visita", mediaUrl: null, mediaCaption: null, buttons: [{ type: "URL", title: "Sito", id: null, url: "https://x.it", phone: null }] } }),
          template({ id: "t5", whatsappContent: { type: "card", text: "Ciao {{1}} guarda", mediaUrl: null, mediaCaption: null, footer: "Piè", buttons: [] } }),
        ]),
    });
    renderApp("/templates");
    const cards = await screen.findAllByTestId("template-card", {}, { timeout: 5000 });
    expect(cards.map((c) => within(c).queryByTestId("template-kind")?.textContent ?? null)).toEqual([null, "Media", "Pulsanti", "Call to action", "Card"]);
  });
});
