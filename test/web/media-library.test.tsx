import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiLibraryItem } from "@shared/media-library";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { AGENT_TEXTS } from "@shared/texts/agent";
import { libraryFileIssue } from "@web/lib/queries/media-library";
import { jsonResponse, type RecordedCall } from "./fetch-mock";
import { adminOnSandbox, renderApp } from "./render-app";

const ITEM: ApiLibraryItem = { id: "11111111-1111-4111-8111-111111111111", title: "Listino prezzi", description: "Prezzi 2026", fileName: "listino.pdf", contentType: "application/pdf", size: 2048, createdAt: "2026-11-20T10:00:00.000Z" };

function signedIn(routes: Record<string, (call: RecordedCall) => Response>) {
  return adminOnSandbox({
    "GET /api/operator-questions": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse([]),
    "GET /api/lead-notifications/settings": () => jsonResponse({ twilioAccountId: "a1", notificationEnabled: false, notificationTemplateId: null, notificationPhoneNumbers: [] }),
    "GET /api/media/settings": () => jsonResponse({ voiceAi: true, visionAi: true, transcriptionModel: "whisper-1", canEdit: true }),
    ...routes,
  });
}

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/actions")]);
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("Libreria documenti on Azioni", () => {
  it("lists the files, uploads a PDF as the raw body with title and description, and deletes one", async () => {
    let items = [ITEM];
    const { calls } = signedIn({
      "GET /api/media-library": () => jsonResponse({ items, canEdit: true }),
      "POST /api/media-library": () => {
        const added = { ...ITEM, id: "22222222-2222-4222-8222-222222222222", title: "Catalogo", description: "", fileName: "catalogo.pdf" };
        items = [...items, added];
        return jsonResponse(added, 201);
      },
      "DELETE /api/media-library/11111111-1111-4111-8111-111111111111": () => {
        items = items.filter((i) => i.id !== ITEM.id);
        return new Response(null, { status: 204 });
      },
    });
    renderApp("/actions");
    const card = await screen.findByTestId("action-media-library");
    expect(await within(card).findByText("Listino prezzi")).toBeTruthy();
    expect(within(card).getByText("listino.pdf · 2 KB")).toBeTruthy();

    // Nothing goes without a title or a file; a file of another type is refused before uploading.
    fireEvent.click(within(card).getByRole("button", { name: LX.upload }));
    expect(within(card).getByText(LX.titleRequired)).toBeTruthy();
    fireEvent.change(within(card).getByLabelText(LX.titleLabel), { target: { value: "Catalogo" } });
    fireEvent.click(within(card).getByRole("button", { name: LX.upload }));
    expect(within(card).getByText(LX.fileMissing)).toBeTruthy();
    const input = within(card).getByLabelText(LX.fileLabel);
    fireEvent.change(input, { target: { files: [new File(["x"], "note.txt", { type: "text/plain" })] } });
    fireEvent.click(within(card).getByRole("button", { name: LX.upload }));
    expect(within(card).getByText(LX.wrongType)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    const pdf = new File(["%PDF-1.4"], "catalogo.pdf", { type: "application/pdf" });
    fireEvent.change(within(card).getByLabelText(LX.fileLabel), { target: { files: [pdf] } });
    fireEvent.click(within(card).getByRole("button", { name: LX.upload }));
    expect(await within(card).findByText("Catalogo")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    const query = new URL(post.url, "https://x").searchParams;
    expect(Object.fromEntries(query)).toEqual({ title: "Catalogo", fileName: "catalogo.pdf" });
    expect(post.body).toBe(pdf);
    expect(post.headers.get("Content-Type")).toBe("application/pdf");

    fireEvent.click(within(card).getByRole("button", { name: LX.remove("Listino prezzi") }));
    await waitFor(() => expect(within(card).queryByText("Listino prezzi")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("shows a member the files without the upload form or delete buttons", async () => {
    signedIn({ "GET /api/media-library": () => jsonResponse({ items: [ITEM], canEdit: false }) });
    renderApp("/actions");
    const card = await screen.findByTestId("action-media-library");
    expect(await within(card).findByText("Listino prezzi")).toBeTruthy();
    expect(within(card).getByText(LX.onlyOwner)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: LX.upload })).toBeNull();
    expect(within(card).queryByRole("button", { name: LX.remove("Listino prezzi") })).toBeNull();
  });

  it("says why the server refused a file", async () => {
    signedIn({
      "GET /api/media-library": () => jsonResponse({ items: [], canEdit: true }),
      "POST /api/media-library": () => jsonResponse({ error: LX.duplicateTitle("Catalogo") }, 409),
    });
    renderApp("/actions");
    const card = await screen.findByTestId("action-media-library");
    expect(await within(card).findByText(LX.empty)).toBeTruthy();
    fireEvent.change(within(card).getByLabelText(LX.titleLabel), { target: { value: "Catalogo" } });
    fireEvent.change(within(card).getByLabelText(LX.fileLabel), { target: { files: [new File(["%PDF"], "c.pdf", { type: "application/pdf" })] } });
    fireEvent.click(within(card).getByRole("button", { name: LX.upload }));
    expect(await within(card).findByText(LX.duplicateTitle("Catalogo"))).toBeTruthy();
  });

  it("checks type and WhatsApp's size per kind before uploading, and the prompt editor offers the tool", () => {
    expect(libraryFileIssue({ type: "image/png", size: 6 * 1024 * 1024 })).toBe(LX.tooLarge(5 * 1024 * 1024));
    expect(libraryFileIssue({ type: "application/pdf", size: 6 * 1024 * 1024 })).toBeNull();
    expect(libraryFileIssue({ type: "application/zip", size: 10 })).toBe(LX.wrongType);
    expect(AGENT_TEXTS.toolLabels.documenti).toBe("Invia documento");
  });
});
