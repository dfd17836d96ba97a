import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";

// WhatsApp's customer-service window: free-form text only until windowOpenUntil.
export function isWindowOpen(windowOpenUntil: string | null, now: Date = new Date()): boolean {
  return !!windowOpenUntil && new Date(windowOpenUntil).getTime() > now.getTime();
}

// 'Impossibile inviare il messaggio', followed by the server's reason when there is one.
export function sendFailureText(reason: string | null | undefined): string {
  return reason ? `${TX.sendError}: ${reason}` : TX.sendError;
}

// Enter sends, Shift+Enter starts a new line (and an IME composition is left alone).
export function isSendKey(event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.nativeEvent?.isComposing;
}

// Time left in the window, as "3 h 12 min" (minutes rounded down, at least "1 min").
export function windowLeft(windowOpenUntil: string, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.floor((new Date(windowOpenUntil).getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

// Why only a template can go out: the customer never wrote, or wrote more than 24 hours ago.
export function closedWindowText(windowOpenUntil: string | null): string {
  return windowOpenUntil ? TX.outsideWindow : TX.neverWrote;
}
