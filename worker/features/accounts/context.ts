import { createMiddleware } from "hono/factory";
import { T } from "@shared/strings";
import { badRequest } from "@worker/lib/http-error";
import type { Db } from "@worker/db/client";
import type { AppEnv, SessionUser } from "@worker/types";
import { currentUser } from "../auth/middleware";
import type { AccountRow, AccountWithMembership } from "./repo";
import { getAccessibleAccount, resolveActiveAccount } from "./service";

// The signed-in user's active provider account, or null when they have none.
export type ActiveAccount = AccountWithMembership | null;

export type AccountEnv = AppEnv & { Variables: { account: ActiveAccount } };

// The router middleware that sets c.var.account once per request, for every router whose calls act on
// the active account: `new Hono<AppEnv>().use(withActiveAccount)`. It is the account read with the
// session, in the same statement (auth/repo findSessionWithActiveAccount), so it costs no query. A call
// that changes which account is active (accounts, settings) reads it again after the change with
// resolveActiveAccount.
export const withActiveAccount = createMiddleware<AccountEnv>(async (c, next) => {
  const fromSession = c.var.sessionAccount;
  c.set("account", fromSession !== undefined ? fromSession : await resolveActiveAccount(c.var.db, currentUser(c)));
  await next();
});

// The account a call names (404 unless the user may reach it), else the active one, or null.
export async function namedOrActive(db: Db, user: SessionUser, active: ActiveAccount, named: string | undefined): Promise<AccountRow | null> {
  if (named) return (await getAccessibleAccount(db, user, named)).account;
  return active?.account ?? null;
}

// The same when the call cannot do without one: 400 with the one sentence.
export async function requireNamedOrActive(db: Db, user: SessionUser, active: ActiveAccount, named: string | undefined): Promise<AccountRow> {
  const account = await namedOrActive(db, user, active, named);
  if (!account) throw badRequest(T.noActiveAccount);
  return account;
}

// The active account, for calls that cannot do without one: 400 with the one sentence.
export function requireAccount(active: ActiveAccount): AccountWithMembership {
  if (!active) throw badRequest(T.noActiveAccount);
  return active;
}
