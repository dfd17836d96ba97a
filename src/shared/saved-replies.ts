// A saved reply and its placeholder filling, without zod (the composer loads them).
import { SAVED_REPLY_TEXTS } from "./texts/saved-replies";

export interface ApiSavedReply {
  id: string;
  shortcut: string;
  content: string;
  updatedAt: string;
}

// {{nome}} becomes the customer's name (or a stand-in when it is not known).
export function fillSavedReply(content: string, customerName: string | null | undefined): string {
  const name = customerName?.trim() || SAVED_REPLY_TEXTS.unknownCustomer;
  return content.replace(/\{\{\s*nome\s*\}\}/gi, name);
}
