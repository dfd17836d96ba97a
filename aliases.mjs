// The import aliases, one list for Vite, Vitest and Wrangler (tsconfig.base.json mirrors it for tsc).
import { fileURLToPath } from "node:url";

const here = (dir) => fileURLToPath(new URL(dir, import.meta.url));

export const IMPORT_ALIASES = {
  "@shared": here("./src/shared"),
  "@web": here("./web"),
  "@worker": here("./worker"),
};
