import { type ApiToken, createTokenSchema, generateTokenValue } from "@shared/schemas/settings";

// The token form: closed, then open for a new token or to edit one, then saved or cancelled.
export type TokenFormState = { mode: "closed" } | { mode: "new" } | { mode: "edit"; token: ApiToken };

export interface TokenFormValues {
  name: string;
  tokenRaw: string;
}

// The console generates every token value: a new form starts with one, and editing (which replaces the
// stored token, never readable back) with a fresh one.
export function tokenFormFrom(state: TokenFormState): TokenFormValues {
  return { name: state.mode === "edit" ? state.token.name : "", tokenRaw: generateTokenValue() };
}

export function validateTokenForm(values: TokenFormValues): { ok: true; data: TokenFormValues } | { ok: false; error: string } {
  const result = createTokenSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? "" };
}

export function permissionsText(permissions: readonly string[], empty: string): string {
  return permissions.length ? permissions.join(", ") : empty;
}
