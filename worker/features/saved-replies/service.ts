import { type ApiSavedReply } from "@shared/saved-replies";
import { SAVED_REPLY_TEXTS as TX } from "@shared/texts/saved-replies";
import type { Db } from "@worker/db/client";
import { conflict, notFound } from "@worker/lib/http-error";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import * as repo from "./repo";

export function toApiSavedReply(r: repo.SavedReplyRow): ApiSavedReply {
  return { id: r.id, shortcut: r.shortcut, content: r.content, updatedAt: r.updatedAt.toISOString() };
}

export async function list(db: Db, active: ActiveAccount) {
  return active ? (await repo.listSavedReplies(db, active.account.id)).map(toApiSavedReply) : [];
}

export async function create(db: Db, active: ActiveAccount, input: { shortcut: string; content: string }) {
  const row = await repo.insertSavedReply(db, { twilioAccountId: requireAccount(active).account.id, ...input });
  if (!row) throw conflict(TX.exists);
  return toApiSavedReply(row);
}

export async function update(db: Db, active: ActiveAccount, id: string, input: { shortcut: string; content: string }) {
  const accountId = requireAccount(active).account.id;
  if (!(await repo.findSavedReply(db, accountId, id))) throw notFound(TX.notFound);
  const taken = await repo.findByShortcut(db, accountId, input.shortcut);
  if (taken && taken.id !== id) throw conflict(TX.exists);
  const row = await repo.updateSavedReply(db, accountId, id, input).catch((err: Error) => {
    // Taken meanwhile: the unique index refuses it (drizzle wraps D1's error in `cause`).
    if (/UNIQUE/i.test(`${err.message} ${String(err.cause)}`)) throw conflict(TX.exists);
    throw err;
  });
  if (!row) throw notFound(TX.notFound);
  return toApiSavedReply(row);
}

export async function remove(db: Db, active: ActiveAccount, id: string) {
  if (!(await repo.deleteSavedReply(db, requireAccount(active).account.id, id))) throw notFound(TX.notFound);
}
