import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { userSettings } from "@worker/db/schema";

export function setActiveAccount(db: Db, userId: string, accountId: string) {
  return db
    .insert(userSettings)
    .values({ userId, activeTwilioAccountId: accountId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { activeTwilioAccountId: accountId, updatedAt: new Date() } });
}

export function clearActiveAccount(db: Db, userId: string) {
  return db.update(userSettings).set({ activeTwilioAccountId: null }).where(eq(userSettings.userId, userId));
}
