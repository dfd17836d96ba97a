import { applyMigrations, ensureDevVars } from "./local-env.mjs";

ensureDevVars();
applyMigrations();
