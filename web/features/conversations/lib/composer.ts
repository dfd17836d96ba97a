import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";

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
