import type { z } from "zod";
import type { ApiLeadSaved, leadInputSchema } from "@shared/schemas/lead-sources";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { type ApiToken, type createTokenSchema, LEAD_API_PERMISSION, LEAD_API_RATE_PER_MINUTE, TOKEN_PREFIX_LENGTH, type updateTokenSchema } from "@shared/schemas/settings";
import type { Db } from "@worker/db/client";
import { constantTimeEqual, sha256Hex } from "@worker/lib/crypto";
import { BEARER_MAX_FAILURES, LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS } from "@shared/constants";
import { badRequest, forbidden, HttpError, notFound, TooManyRequests } from "@worker/lib/http-error";
import { releaseAttempt, reserveAttempt } from "../auth/repo";
import type { SessionUser } from "@worker/types";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import { type AccountRow, findAccountForUser } from "../accounts/repo";
import { resolveActiveAccount } from "../accounts/service";
import { toCurrentUser } from "../auth/service";
import { saveLead } from "../lead-sources/service";
import * as repo from "./repo";

type CreateInput = z.output<typeof createTokenSchema>;
type UpdateInput = z.output<typeof updateTokenSchema>;
type LeadInput = z.output<typeof leadInputSchema>;

const RATE_WINDOW_MS = 60_000;

function toApiToken(row: { token: repo.TokenRow; accountName: string | null }): ApiToken {
  const t = row.token;
  return {
    id: t.id,
    name: t.name,
    tokenPrefix: t.tokenPrefix,
    isActive: t.isActive,
    permissions: t.permissions,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    twilioAccountId: t.twilioAccountId,
    accountName: row.accountName,
  };
}

// Exactly the validator's answer to a weak token (validate.ts), so an in-use value cannot be told apart.
const tokenRejected = () => badRequest(TX.tokenInUse, [{ path: "tokenRaw", message: TX.tokenInUse }]);

const displayPrefix = (raw: string) => `${raw.slice(0, TOKEN_PREFIX_LENGTH)}…`;

export async function listTokens(db: Db, user: SessionUser): Promise<ApiToken[]> {
  return (await repo.listTokens(db, user.id)).map(toApiToken);
}

// A token acts for its owner on the account that was active when it was created.
export async function createToken(db: Db, user: SessionUser, active: ActiveAccount, input: CreateInput): Promise<ApiToken> {
  const { account } = requireAccount(active);
  const hash = await sha256Hex(input.tokenRaw);
  if (await repo.findTokenHash(db, hash)) throw tokenRejected();
  const row = await repo.insertToken(db, {
    userId: user.id,
    twilioAccountId: account.id,
    name: input.name,
    token: hash,
    tokenPrefix: displayPrefix(input.tokenRaw),
    permissions: [LEAD_API_PERMISSION],
    isActive: true,
  });
  return toApiToken((await repo.findTokenWithAccount(db, row.id))!);
}

export async function updateToken(db: Db, user: SessionUser, id: string, input: UpdateInput): Promise<ApiToken> {
  const token = await repo.findOwnToken(db, user.id, id);
  if (!token) throw notFound(TX.tokenNotFound);
  const changes: Partial<repo.TokenRow> = {};
  if ("tokenRaw" in input) {
    const hash = await sha256Hex(input.tokenRaw);
    const other = await repo.findTokenHash(db, hash);
    if (other && other.id !== id) throw tokenRejected();
    Object.assign(changes, { name: input.name, token: hash, tokenPrefix: displayPrefix(input.tokenRaw) });
  }
  if (input.isActive !== undefined) changes.isActive = input.isActive;
  await repo.updateToken(db, id, changes);
  return toApiToken((await repo.findTokenWithAccount(db, id))!);
}

// Whole seconds (at least one) from now until a time, for a 429's Retry-After.
const secondsUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));

export type BearerOwner = { user: SessionUser; account: AccountRow };

// Authorization: Bearer <token>. Unknown and disabled tokens look the same (401); a token over its
// per-minute budget answers 429 with the seconds to wait.
export async function authenticateBearer(db: Db, header: string | undefined, ip: string, now = new Date()): Promise<BearerOwner> {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  if (!match) throw new HttpError(401, TX.bearerMissing);
  const raw = match[1]!;
  if (raw.length > 512) throw new HttpError(401, TX.bearerInvalid);
  // Each lookup reserves a failure for the caller's IP first and gives it back when the token is
  // known, so at most BEARER_MAX_FAILURES unknown tokens are tried per IP in the window.
  const limitKey = `bearer|${ip}`;
  const reserved = await reserveAttempt(db, limitKey, now, { windowMs: LOGIN_FAILURE_WINDOW_MS, lockMs: LOGIN_LOCK_MS, max: BEARER_MAX_FAILURES + 1 });
  if (reserved.failures > BEARER_MAX_FAILURES) {
    const seconds = secondsUntil(reserved.lockedUntil?.getTime() ?? now.getTime() + LOGIN_LOCK_MS, now);
    throw new TooManyRequests(TX.bearerTooMany(seconds), seconds);
  }
  const hash = await sha256Hex(raw);
  const token = await repo.findTokenByHash(db, hash);
  if (!token || !constantTimeEqual(token.token, hash) || !token.isActive) throw new HttpError(401, TX.bearerInvalid);
  const owner = await repo.findUser(db, token.userId);
  if (!owner || !owner.isActive) throw new HttpError(401, TX.bearerInvalid);
  await releaseAttempt(db, limitKey);
  if (!token.permissions.includes(LEAD_API_PERMISSION)) throw forbidden(TX.bearerNoPermission);

  const counted = await repo.countRequest(db, token.id, now, RATE_WINDOW_MS);
  await repo.touchToken(db, token.id, now);
  if (counted && counted.count > LEAD_API_RATE_PER_MINUTE) {
    const seconds = secondsUntil((counted.windowStart?.getTime() ?? now.getTime()) + RATE_WINDOW_MS, now);
    throw new TooManyRequests(TX.rateLimited(seconds), seconds);
  }

  const user = toCurrentUser(owner);
  // The token's own account while its owner may still reach it, else (an older token) the owner's active one.
  const found = token.twilioAccountId ? await findAccountForUser(db, user, token.twilioAccountId) : await resolveActiveAccount(db, user);
  if (!found) throw forbidden(TX.bearerNoAccount);
  return { user, account: found.account };
}

export function ingestLead(env: Env, db: Db, owner: BearerOwner, input: LeadInput): Promise<ApiLeadSaved> {
  return saveLead(env, db, { account: owner.account, userId: owner.user.id }, input);
}
