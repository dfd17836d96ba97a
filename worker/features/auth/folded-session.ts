import type { Context } from "hono";
import { withRider } from "@worker/db/compiled";
import type { AppEnv } from "@worker/types";
import { sessionWithActiveAccountStatement } from "./repo";
import { type ResolvedSession, settleSession } from "./service";

// A folded read: a console read (routePolicy("foldedSession"), GET only, reads and nothing else) whose
// session check rides in the read's own D1 batch instead of a round trip before it. The read starts
// from the session as this isolate last checked it, and its answer leaves only once the check of the
// same batch confirms that session unchanged: same user, role and flags, same active account and
// membership. Otherwise the answer is thrown away and the request runs again the ordinary way, which
// answers 401, 403 or the other account's rows as it always did. No answer ever comes from a session
// that was not checked in this request.

// Sessions this isolate checked lately, by sid (the hash of the cookie: one user's entry is never
// another's), the oldest dropped first.
const recent = new Map<string, ResolvedSession>();
const RECENT_MAX = 1_000;

export function rememberSession(session: ResolvedSession) {
  recent.delete(session.sid);
  recent.set(session.sid, session);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
}

export const recentSession = (sid: string) => recent.get(sid);
export const forgetSession = (sid: string) => recent.delete(sid);

// Everything a handler reads of the session but its expiry, which the sliding touch moves.
const sameSession = (a: ResolvedSession, b: ResolvedSession) => JSON.stringify([a.user, a.activeAccount]) === JSON.stringify([b.user, b.activeAccount]);

export function setSessionVars(c: Context<AppEnv>, session: ResolvedSession | null) {
  if (session) c.set("sessionAccount", session.activeAccount);
  c.set("user", session?.user ?? null);
  c.set("sessionId", session?.sid ?? null);
  c.set("sessionExpire", session?.expire.getTime() ?? 0);
}

// Runs the request (`next`) from the session last checked, then checks it; `again` runs the request
// anew, the ordinary way, when the check disagrees.
export async function foldedSession(c: Context<AppEnv>, assumed: ResolvedSession, next: () => Promise<void>, again: () => Promise<Response>) {
  const db = c.var.db;
  const check = sessionWithActiveAccountStatement(db, assumed.sid);
  let ridden: D1Result | undefined;
  setSessionVars(c, assumed);
  c.set("db", withRider(db, { statement: check.prepared(), settle: (result) => (ridden = result) }));
  let failure: { error: unknown } | undefined;
  try {
    await next();
  } catch (error) {
    failure = { error };
  }
  c.set("db", db);
  // The read took no compiled round trip (or failed before it): the check runs alone, as it would have.
  const [row] = ridden ? check.rowsOf(ridden) : await check.run();
  const session = await settleSession(db, assumed.sid, row);
  if (session && sameSession(session, assumed)) {
    rememberSession(session);
    if (failure) throw failure.error;
    return;
  }
  forgetSession(assumed.sid);
  // Cleared first: Hono would copy the thrown-away answer's headers onto the new one.
  c.res = undefined;
  c.res = await again();
}
