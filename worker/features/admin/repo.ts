import { type Db, runBatch } from "../../db/client";
import { accountUsers, users } from "../../db/schema";

export async function insertUserWithMembership(
  db: Db,
  user: typeof users.$inferInsert & { id: string },
  membership: { twilioAccountId: string; isOwner: boolean } | null,
) {
  await runBatch(db, [
    db.insert(users).values(user),
    ...(membership ? [db.insert(accountUsers).values({ userId: user.id, ...membership })] : []),
  ]);
}
