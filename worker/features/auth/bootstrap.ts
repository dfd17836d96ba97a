import type { Db } from "@worker/db/client";
import { hashPassword } from "@worker/lib/crypto";
import { createSandboxAccountFor } from "../accounts/service";
import { countUsers, insertUserIgnoringDuplicate } from "./repo";

let done = false;

// When the users table is empty and ADMIN_EMAIL / ADMIN_PASSWORD are set, the first request
// creates that super_admin (and, in local development, a sandbox provider account for it).
export async function ensureBootstrapAdmin(env: Env, db: Db) {
  if (done) return;
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    done = true;
    return;
  }
  if ((await countUsers(db)) > 0) {
    done = true;
    return;
  }
  const [admin] = await insertUserIgnoringDuplicate(db, {
    email: env.ADMIN_EMAIL.trim().toLowerCase(),
    password: await hashPassword(env.ADMIN_PASSWORD, env.PASSWORD_PEPPER),
    firstName: "Admin",
    lastName: null,
    role: "super_admin",
  });
  // A concurrent first request may have inserted the admin already; only the winner adds the sandbox.
  if (admin && env.BOOTSTRAP_SANDBOX_ACCOUNT === "true") await createSandboxAccountFor(env, db, admin.id);
  done = true;
}

export function resetBootstrapForTests() {
  done = false;
}
