import { toE164, toE164List } from "@shared/phone";
import { badRequest } from "./http-error";

// Every number typed for an account is read with the account's default country (Italy unless set) and
// stored in E.164; one that cannot exist answers 400 on its field, and nothing is saved.
export function accountPhone(input: string, account: { phoneCountry: string }, path: string, message: string): string {
  const phone = toE164(input, account.phoneCountry);
  if (!phone) throw badRequest(message, [{ path, message }]);
  return phone;
}

export function accountPhoneList(
  list: readonly string[],
  account: { phoneCountry: string },
  path: string,
  texts: { invalid: string; duplicate: string },
): string[] {
  const read = toE164List(list, account.phoneCountry);
  if (read.ok) return read.phones;
  const message = read.reason === "invalid" ? texts.invalid : texts.duplicate;
  throw badRequest(message, [{ path: `${path}.${read.index}`, message }]);
}
