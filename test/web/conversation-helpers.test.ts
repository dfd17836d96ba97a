import { describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { liveUrl, parseFrame } from "@web/features/conversations/api/conversation-live";
import { reconnectDelay } from "@web/lib/live/live-socket";
import { isSendKey, isWindowOpen, sendFailureText } from "@web/features/conversations/lib/composer";
import { pickSelected } from "@web/features/conversations/lib/selection";
import { customerVisibleMessages } from "@web/features/simulator/lib/customer-view";
import { conversation, message } from "./conversation-fixtures";

describe("the live socket", () => {
  it("lives on the same origin over ws or wss", () => {
    expect(liveUrl("c1", "http://localhost:8787")).toBe("ws://localhost:8787/api/conversations/c1/live");
    expect(liveUrl("a b", "https://console.example.it")).toBe("wss://console.example.it/api/conversations/a%20b/live");
  });

  it("reconnects with a doubling delay up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("accepts only frames with a known type", () => {
    expect(parseFrame(JSON.stringify({ type: "typing", active: true }))).toEqual({ type: "typing", active: true });
    expect(parseFrame(JSON.stringify({ type: "nope" }))).toBeNull();
    expect(parseFrame("{not json")).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe("the composer", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("allows free text only inside the 24-hour window", () => {
    expect(isWindowOpen("2026-03-11T11:00:00Z", now)).toBe(true);
    expect(isWindowOpen("2026-03-10T11:59:59Z", now)).toBe(false);
    expect(isWindowOpen(null, now)).toBe(false);
  });

  it("sends on Enter, not on Shift+Enter nor while composing", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });

  it("explains a failed send with the server's reason", () => {
    expect(sendFailureText(TX.outsideWindow)).toBe(`Impossibile inviare il messaggio: ${TX.outsideWindow}`);
    expect(sendFailureText("")).toBe("Impossibile inviare il messaggio");
    expect(sendFailureText(null)).toBe("Impossibile inviare il messaggio");
  });
});

describe("selection in 'Chat WhatsApp'", () => {
  const list = [conversation({ id: "a" }), conversation({ id: "b" })];

  it("auto-selects the first conversation only side by side", () => {
    expect(pickSelected(list, null, true)).toBe("a");
    expect(pickSelected(list, null, false)).toBeNull();
    expect(pickSelected([], null, true)).toBeNull();
  });

  it("keeps the chosen one while it is listed, and lets go of a deleted one", () => {
    expect(pickSelected(list, "b", false)).toBe("b");
    expect(pickSelected(list, "b", true)).toBe("b");
    expect(pickSelected([list[0]!], "b", true)).toBe("a");
    expect(pickSelected([list[0]!], "b", false)).toBeNull();
  });
});

describe("the simulator's phone", () => {
  it("shows the customer's messages and the business's once they left", () => {
    const shown = customerVisibleMessages([
      message({ id: "in" }),
      message({ id: "queued", sender: "ai", status: "queued" }),
      message({ id: "sent", sender: "operator", status: "sent" }),
      message({ id: "delivered", sender: "ai", status: "delivered" }),
      message({ id: "read", sender: "system", status: "read" }),
      message({ id: "failed", sender: "ai", status: "failed" }),
      message({ id: "undelivered", sender: "ai", status: "undelivered" }),
    ]);
    expect(shown.map((m) => m.id)).toEqual(["in", "sent", "delivered", "read"]);
  });
});
