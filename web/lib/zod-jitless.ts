import { config } from "zod/v4/core";

// The Content-Security-Policy forbids eval. Without this, zod probes `new Function` when the first
// object schema is built and Chromium reports the blocked probe as a CSP violation. Runs before zod's
// schema API is even evaluated: web/lib/zod.ts imports this first.
config({ jitless: true });
