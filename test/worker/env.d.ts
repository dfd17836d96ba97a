import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      AGENT_EVAL_OPENAI_API_KEY: string;
      AGENT_EVAL_OPENAI_BASE_URL: string;
      AGENT_EVAL_MODEL: string;
      AGENT_EVAL_RUNS: string;
    }
  }
  interface Env {
    TEST_MIGRATIONS: D1Migration[];
    AGENT_EVAL_OPENAI_API_KEY: string;
    AGENT_EVAL_OPENAI_BASE_URL: string;
    AGENT_EVAL_MODEL: string;
    AGENT_EVAL_RUNS: string;
  }
}
export {};
