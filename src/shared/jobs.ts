import { z } from "zod";

// Every message on the jobs queue. Each carries an idempotency key; every consumer is idempotent
// because queues deliver at least once.
export const jobMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sessions.purge"), idempotencyKey: z.string().min(1) }),
  // Hourly: uploads never attached within 24 h are deleted from R2.
  z.object({ kind: z.literal("uploads.purge"), idempotencyKey: z.string().min(1) }),
  z.object({
    kind: z.literal("message.send"),
    messageId: z.string().min(1),
    // Sends of one conversation keep their order within a queue batch (see worker/jobs/queue.ts).
    conversationId: z.string().min(1).optional(),
    idempotencyKey: z.string().min(1),
  }),
  z.object({
    kind: z.literal("ai.reply"),
    conversationId: z.string().min(1),
    replyToId: z.string().min(1),
    idempotencyKey: z.string().min(1),
  }),
  // Fetches a message's inbound attachments from Twilio into R2 (and transcribes voice notes).
  z.object({ kind: z.literal("media.fetch"), messageId: z.string().min(1), conversationId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  z.object({ kind: z.literal("feedback.analyse"), messageId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  z.object({ kind: z.literal("operator-questions.expire"), idempotencyKey: z.string().min(1) }),
  z.object({ kind: z.literal("weather.sync"), idempotencyKey: z.string().min(1) }),
  z.object({ kind: z.literal("template.sync"), templateId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  // One chunk of rows of an uploaded CSV file.
  z.object({
    kind: z.literal("list.import.csv"),
    importId: z.string().min(1),
    chunk: z.number().int().min(0),
    idempotencyKey: z.string().min(1),
  }),
  // A run of Airtable pages from the offset cursor; the job hands the next cursor to the next chunk.
  z.object({
    kind: z.literal("list.import.airtable"),
    importId: z.string().min(1),
    chunk: z.number().int().min(0),
    offset: z.string().nullable(),
    // How many times this import's listing started over because Airtable expired its offset.
    restarts: z.number().int().min(0).optional(),
    idempotencyKey: z.string().min(1),
  }),
  // The WhatsApp reminder of one calendar event occurrence (its start in epoch ms) to the event's numbers.
  z.object({
    kind: z.literal("calendar.reminder"),
    eventId: z.string().min(1),
    occurrenceStart: z.number().int(),
    idempotencyKey: z.string().min(1),
  }),
  // Lead Detection AI on one conversation, up to its newest customer message.
  z.object({ kind: z.literal("lead.detect"), conversationId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  // Starts the funnel for up to batchSize leads of an active campaign's list that have no run yet;
  // a full batch hands on to the next job.
  z.object({
    kind: z.literal("funnel.enroll"),
    campaignId: z.string().min(1),
    batchSize: z.number().int().min(1).max(1000).optional(),
    idempotencyKey: z.string().min(1),
  }),
  // Pulls an auto-synced lead source's records (Airtable) into its leads.
  z.object({ kind: z.literal("lead-source.sync"), sourceId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  // One planned send of a lead source (its campaign slot or a talking schedule) at `at` (epoch ms).
  z.object({ kind: z.literal("lead-source.slot"), sourceId: z.string().min(1), at: z.number().int(), key: z.string().min(1).max(20), idempotencyKey: z.string().min(1) }),
  // A few funnel executions claimed by a cron tick.
  z.object({
    kind: z.literal("funnel.execute"),
    executionIds: z.array(z.string().min(1)).min(1).max(50),
    idempotencyKey: z.string().min(1),
  }),
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
