import type { ApiMessage } from "@shared/schemas/conversations";

// What the customer's phone shows: their own messages, and the business's once they left Twilio.
export function customerVisibleMessages(messages: readonly ApiMessage[]): ApiMessage[] {
  return messages.filter((m) => m.sender === "customer" || m.status === "sent" || m.status === "delivered" || m.status === "read");
}
