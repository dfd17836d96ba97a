// What `import … from "zod"` loads in the console: vite.config.ts points the bare "zod" here. The
// module sets zod to jitless (see zod-jitless.ts) before zod's schema API and any schema module run,
// wherever zod is first loaded. zod stays out of the first load of the pages that build no schema
// (the shell and the dashboard), and every lazy chunk that does build one gets the setting first.
import "./zod-jitless";

export * from "zod/v4";
export { default } from "zod/v4";
