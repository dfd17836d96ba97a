import type { CurrentUser } from "@shared/schemas/auth";
import type { Db } from "./db/client";

export type SessionUser = CurrentUser & { isActive: boolean };

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    user: SessionUser | null;
    sessionId: string | null;
    // When the session ends unless used again (epoch ms); 0 without a session.
    sessionExpire: number;
  };
};
