import { createAccountSchema, updateAccountSchema, type AccountInput, type TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_SID_DISPLAY_LENGTH } from "@shared/constants";
import { DEFAULT_ACCOUNT_MODEL, DEFAULT_FEEDBACK_MODEL } from "@shared/models";
import { DEFAULT_COUNTRY } from "@shared/phone";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";

export interface AccountFormValues {
  name: string;
  accountSid: string;
  authToken: string;
  phoneNumber: string;
  // Numbers typed without a prefix (here and in every form of the account) belong to this country.
  phoneCountry: string;
  gptModel: string;
  feedbackModel: string;
  isDefault: boolean;
  sandbox: boolean;
}

export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

export function emptyAccountForm(): AccountFormValues {
  return { name: "", accountSid: "", authToken: "", phoneNumber: "", phoneCountry: DEFAULT_COUNTRY, gptModel: DEFAULT_ACCOUNT_MODEL, feedbackModel: DEFAULT_FEEDBACK_MODEL, isDefault: false, sandbox: false };
}

// The stored token is never sent back, so editing starts blank: blank keeps it.
export function accountFormFrom(account: TwilioAccount): AccountFormValues {
  return {
    name: account.name,
    accountSid: account.sandbox ? "" : account.accountSid,
    authToken: "",
    phoneNumber: account.phoneNumber,
    phoneCountry: account.phoneCountry,
    gptModel: account.gptModel,
    feedbackModel: account.feedbackModel,
    isDefault: account.isDefault,
    sandbox: account.sandbox,
  };
}

// requireToken: creating, or turning a sandbox into a real account (it has no real token yet).
export function validateAccountForm(
  values: AccountFormValues,
  { requireToken }: { requireToken: boolean },
): { ok: true; data: AccountInput } | { ok: false; errors: AccountFormErrors } {
  const input: AccountInput = {
    name: values.name,
    accountSid: values.sandbox ? "" : values.accountSid.trim(),
    authToken: values.sandbox ? "" : values.authToken.trim(),
    phoneNumber: values.phoneNumber.trim(),
    phoneCountry: values.phoneCountry.trim().toUpperCase() || DEFAULT_COUNTRY,
    gptModel: values.gptModel.trim(),
    feedbackModel: values.feedbackModel.trim(),
    isDefault: values.isDefault,
    sandbox: values.sandbox,
  };
  const schema = requireToken ? createAccountSchema : updateAccountSchema;
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: input };

  const errors: AccountFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AccountFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // zod runs the credential refinement only once the other fields pass; report them together.
  if (!values.sandbox) {
    if (!input.accountSid) errors.accountSid ??= ACCOUNT_TEXTS.sidRequired;
    if (requireToken && !input.authToken) errors.authToken ??= ACCOUNT_TEXTS.tokenRequired;
  }
  return { ok: false, errors };
}

export function truncateSid(sid: string): string {
  return sid.length > ACCOUNT_SID_DISPLAY_LENGTH ? `${sid.slice(0, ACCOUNT_SID_DISPLAY_LENGTH)}…` : sid;
}
