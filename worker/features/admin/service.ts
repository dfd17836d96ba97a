import type { z } from "zod";
import type { createUserForAccountSchema } from "../../../src/shared/schemas/accounts";
import type { Db } from "../../db/client";
import { hashPassword } from "../../lib/crypto";
import { conflict } from "../../lib/http-error";
import type { SessionUser } from "../../types";
import { getManageableAccount } from "../accounts/service";
import { findUserByEmail } from "../auth/repo";
import { publicUser, toCurrentUser } from "../auth/service";
import * as repo from "./repo";

export const EMAIL_IN_USE = "Email già in uso da un altro utente";

// A super_admin, or the owner of the account, adds a client user to that account.
export async function createUserForAccount(
  db: Db,
  pepper: string,
  actor: SessionUser,
  input: z.output<typeof createUserForAccountSchema>,
) {
  await getManageableAccount(db, actor, input.twilioAccountId);
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_IN_USE);
  const id = crypto.randomUUID();
  const now = new Date();
  const row = {
    id,
    email: input.email,
    password: await hashPassword(input.password, pepper),
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: input.profileImageUrl || null,
    role: "client" as const,
    isActive: true,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await repo.insertUserWithMembership(db, row, { twilioAccountId: input.twilioAccountId, isOwner: input.isOwner });
  } catch (err) {
    // Two concurrent creations of one e-mail: the unique index decides.
    if (String((err as Error).message).includes("UNIQUE")) throw conflict(EMAIL_IN_USE);
    throw err;
  }
  return publicUser(toCurrentUser(row));
}
