import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { attachmentIssue } from "@web/features/conversations/api/send-media";
import { MessageBubble } from "@web/features/conversations/components/message-bubble";
import { message } from "./conversation-fixtures";

const NOW = new Date("2026-03-10T10:05:00.000Z");
const media = (overrides: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  url: "/api/media/x",
  contentType: "image/png",
  size: 2048,
  fileName: "foto.png",
  status: "stored" as const,
  failureReason: null,
  ...overrides,
});

function bubble(overrides: Parameters<typeof message>[0]) {
  render(
    <ul>
      <MessageBubble message={message(overrides)} now={NOW} />
    </ul>,
  );
  return screen.getByTestId("message");
}

describe("media in the chat", () => {
  it("shows a photo inline and enlarges it on click", async () => {
    const el = bubble({ content: "", media: [media({ url: "/api/media/p1" })] });
    expect(within(el).getByTestId("media-image").getAttribute("src")).toBe("/api/media/p1");
    fireEvent.click(within(el).getByRole("button", { name: MX.enlarge }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("img").getAttribute("src")).toBe("/api/media/p1");
  });

  it("plays a voice note with its transcript under the player", () => {
    const el = bubble({ content: "", media: [media({ contentType: "audio/ogg", fileName: "vocale.ogg", transcript: "Vorrei il divano blu" })] });
    expect(el.querySelector("audio")!.getAttribute("src")).toBe("/api/media/x");
    expect(within(el).getByTestId("media-transcript").textContent).toBe(`${MX.transcript}: Vorrei il divano blu`);
  });

  it("offers a document for download, and shows a failed attachment with its reason", () => {
    const el = bubble({
      content: "Ecco",
      media: [
        media({ contentType: "application/pdf", fileName: "preventivo.pdf", size: 3 * 1024 * 1024 }),
        media({ status: "failed", url: null, failureReason: "Foto troppo grande: WhatsApp accetta al massimo 5 MB" }),
      ],
    });
    const link = within(el).getByTestId("media-document");
    expect(link.getAttribute("download")).toBe("preventivo.pdf");
    expect(link.textContent).toContain("3,0 MB");
    expect(within(el).getByTestId("media-failed").textContent).toBe(`${MX.failed}: Foto troppo grande: WhatsApp accetta al massimo 5 MB`);
    expect(within(el).getByText("Ecco")).toBeTruthy();
  });

  it("shows a location with a map link and a button reply as what the customer tapped", () => {
    const el = bubble({
      content: "Sì, richiamatemi",
      location: { latitude: 45.4642, longitude: 9.19, address: "Piazza del Duomo, Milano", label: "Negozio" },
      button: { text: "Sì, richiamatemi", payload: "CALLBACK_YES" },
    });
    const map = within(el).getByTestId("media-location");
    expect(map.getAttribute("href")).toBe("https://www.google.com/maps/search/?api=1&query=45.4642,9.19");
    expect(map.textContent).toContain("Piazza del Duomo, Milano");
    expect(within(el).getByTestId("media-button").textContent).toBe(MX.buttonTapped("Sì, richiamatemi"));
    // The button's text is not repeated as the message body.
    expect(within(el).queryAllByText("Sì, richiamatemi")).toHaveLength(0);
  });
});

describe("the composer's attachment check", () => {
  it("takes images up to 5 MB, PDF up to 100 MB and audio up to 16 MB, nothing else", () => {
    expect(attachmentIssue({ type: "image/jpeg", size: 5 * 1024 * 1024 })).toBeNull();
    expect(attachmentIssue({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toBe(MX.tooLarge("image", 5 * 1024 * 1024));
    expect(attachmentIssue({ type: "application/pdf", size: 100 * 1024 * 1024 })).toBeNull();
    expect(attachmentIssue({ type: "audio/mpeg", size: 16 * 1024 * 1024 + 1 })).toBe(MX.tooLarge("audio", 16 * 1024 * 1024));
    expect(attachmentIssue({ type: "application/zip", size: 10 })).toBe(MX.notAllowedOutbound);
    expect(attachmentIssue({ type: "image/png", size: 0 })).toBe(MX.emptyFile);
  });
});
