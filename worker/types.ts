import type { CurrentUser } from "@shared/schemas/auth";
import type { Db } from "./db/client";
import type { AccountWithMembership } from "./features/accounts/repo";

export type SessionUser = CurrentUser & { isActive: boolean };

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    user: SessionUser | null;
    sessionId: string | null;
    // When the session ends unless used again (epoch ms); 0 without a session.
    sessionExpire: number;
    // The active account read with the session; undefined without one. Routers read it as c.var.account,
    // set by withActiveAccount (worker/features/accounts/context.ts).
    sessionAccount?: AccountWithMembership | null;
  };
};
