import type { z } from "zod";
import { type ApiSettings, SETTINGS_TEXTS as TX, type settingsUpdateSchema } from "@shared/schemas/settings";
import type { Db } from "@worker/db/client";
import { notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import { getAccessibleAccount, resolveActiveAccount } from "../accounts/service";
import * as repo from "./repo";

type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

// The user's settings: the profile from the sign-in account (read-only here), and the active account.
export async function getSettings(db: Db, user: SessionUser): Promise<ApiSettings> {
  const active = await resolveActiveAccount(db, user);
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
    await repo.clearActiveAccount(db, user.id);
  } else {
    await getAccessibleAccount(db, user, input.activeTwilioAccountId).catch(() => {
      throw notFound(TX.accountNotFound);
    });
    await repo.setActiveAccount(db, user.id, input.activeTwilioAccountId);
  }
  return getSettings(db, user);
}
