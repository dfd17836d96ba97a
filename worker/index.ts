import { app } from "./app";
import { handleQueue } from "./jobs/queue";
import { handleScheduled } from "./jobs/cron";

export { AccountLiveDO } from "./account-live-do";
export { ConversationDO } from "./conversation-do";
export { InboundIngest } from "./inbound-ingest";
export { SenderRateLimiter } from "./sender-rate-limiter";

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
