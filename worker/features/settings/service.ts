import type { z } from "zod";
import type { ApiSettings, settingsUpdateSchema } from "@shared/schemas/settings";
import type { Db } from "@worker/db/client";
import type { SessionUser } from "@worker/types";
import type { ActiveAccount } from "../accounts/context";
import { getAccessibleAccount, resolveActiveAccount } from "../accounts/service";
import { clearActiveAccount, setActiveAccountStatement } from "../accounts/repo";

type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

// The user's settings: the profile from the sign-in account (read-only here), and the active account.
export function getSettings(user: SessionUser, active: ActiveAccount): ApiSettings {
  return {
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      role: user.role,
    },
    activeTwilioAccountId: active?.account.id ?? null,
    signInMethod: "password",
    timezone: "Europe/Rome",
  };
}

// null forgets the stored choice, so the default account becomes the active one again.
export async function updateSettings(db: Db, user: SessionUser, input: SettingsUpdate): Promise<ApiSettings> {
  if (input.activeTwilioAccountId === null) {
    await clearActiveAccount(db, user.id);
  } else {
    // 404 with the same sentence for another tenant's account as for one that does not exist.
    await getAccessibleAccount(db, user, input.activeTwilioAccountId);
    await setActiveAccountStatement(db, user.id, input.activeTwilioAccountId);
  }
  // The choice just changed: read it again rather than the one read with the session.
  return getSettings(user, await resolveActiveAccount(db, user));
}
