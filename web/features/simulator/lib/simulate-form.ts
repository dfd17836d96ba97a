import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { Checked } from "@web/components/ui/form";
import type { SimulateInboundInput } from "../api/simulate-inbound";

export interface SimulateFormValues {
  phoneNumber: string;
  profileName: string;
  body: string;
}

export const emptySimulateForm = (): SimulateFormValues => ({ phoneNumber: "", profileName: "", body: "" });

// The number is only required here: the server reads it with the account's country and says when it cannot exist.
export function validateSimulateForm(v: SimulateFormValues): Checked<SimulateInboundInput, keyof SimulateFormValues> {
  const phoneNumber = v.phoneNumber.trim();
  const body = v.body.trim();
  const profileName = v.profileName.trim();
  if (!phoneNumber || !body) return { ok: false, errors: { phoneNumber: phoneNumber ? undefined : TX.invalidNumber, body: body ? undefined : TX.blankMessage } };
  return { ok: true, body: { phoneNumber, body, ...(profileName ? { profileName } : {}) } };
}
