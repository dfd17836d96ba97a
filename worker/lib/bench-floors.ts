import { Hono } from "hono";
import { z } from "zod";
import { MESSAGE_PAGE_SIZE } from "@shared/constants";
import { notFound } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { Waiting } from "@worker/lib/group-commit";
import type { AppEnv } from "@worker/types";

// Floors of the API reads' shape, for the benchmark only (BENCH_FLOORS=1; never set in production, where
// these answer 404): a signed-in request that runs one plain D1 statement over the rows a console read
// returns, with no building of ours, and answers how many it got. bench/api.mjs measures them beside the
// reads, so that the report shows what moving those rows through local D1 costs by itself. `/page` is the
// shape of a held page: the session read, then an answer of a page's size from memory, no other read.
const shapeQuery = z.object({
  // The newest 51 conversations of the active account: their ids only, or whole rows; a thread's page;
  // the newest 51 OpenAI usage rows (the usage report's page); the first 101 prompts (the prompts page).
  // "conversation-scan" is no console read's shape but a read that grows with the data (it reads every one
  // of the account's conversations, grouped by template and status): the scaling rows' control, which
  // shows that their measure sees a scan.
  rows: z.enum(["conversation-ids", "conversations", "messages", "usage", "prompts", "conversation-scan"]),
  // For "messages": the conversation whose newest page of messages is read, and one more, as the thread
  // reads them (of the active account only).
  conversation: z.string().max(64).optional(),
});

const STATEMENTS = {
  "conversation-ids": `select "id" from "conversations" where "twilio_account_id" = ?1 and "last_message_at" is not null order by "last_message_at" desc, "id" desc limit 51`,
  conversations: `select * from "conversations" where "twilio_account_id" = ?1 and "last_message_at" is not null order by "last_message_at" desc, "id" desc limit 51`,
  messages: `select m.* from "messages" m where m."conversation_id" = ?2 and exists(select 1 from "conversations" c where c."id" = ?2 and c."twilio_account_id" = ?1) order by m."created_at" desc, m.rowid desc limit ${MESSAGE_PAGE_SIZE + 1}`,
  usage: `select * from "openai_usage" where "twilio_account_id" = ?1 order by "created_at" desc, rowid desc limit 51`,
  prompts: `select * from "prompts" where "twilio_account_id" = ?1 order by "created_at" desc, rowid desc limit 101`,
  "conversation-scan": `select "template_sid", "status", count(*), sum(length("last_message")) from "conversations" where "twilio_account_id" = ?1 group by "template_sid", "status"`,
} as const;

const pageQuery = z.object({ bytes: z.coerce.number().int().min(2).max(200_000) });

// The JSON of an array about `bytes` long (strings of 200 characters), written once per size and isolate
// and sent as it is for each request, as a held page's bytes are (lib/held-json); not compressed, so
// `bytes` is what goes on the wire (the bench asks for the size of the page as sent).
const heldBodies = new Map<number, string>();
function heldBody(bytes: number) {
  let body = heldBodies.get(bytes);
  if (!body) heldBodies.set(bytes, (body = JSON.stringify(Array.from({ length: Math.max(1, Math.round(bytes / 203)) }, () => "x".repeat(200)))));
  return body;
}

export const benchFloorsOn = (env: Env) => (env as { BENCH_FLOORS?: string }).BENCH_FLOORS === "1";

export const benchFloorRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!benchFloorsOn(c.env) || !c.var.sessionAccount) throw notFound();
    await next();
  })
  .get("/page", validate("query", pageQuery), (c) => c.body(heldBody(c.req.valid("query").bytes), 200, { "Content-Type": "application/json" }))
  .get("/", validate("query", shapeQuery), async (c) => {
    const accountId = c.var.sessionAccount!.account.id;
    const { rows, conversation } = c.req.valid("query");
    const statement = c.env.DB.prepare(STATEMENTS[rows]);
    const found = await (rows === "messages" ? statement.bind(accountId, conversation ?? "") : statement.bind(accountId)).raw();
    return c.json({ rows: found.length }, 200);
  });

// The floor of a stored webhook's shape (BENCH_FLOORS=1 only, at POST /webhooks/twilio/:id/stored-floor):
// the signed POST verified as the message webhook is, one call to the account's InboundIngest object, and
// there one plain D1 insert of the webhooks that arrived together (a group commit, as the webhook's own
// path has, the batch as one JSON parameter), into a table of its own, with nothing else stored, read or
// announced. bench/run.mjs measures it beside the webhook, so that the report shows what a webhook
// stored before its answer costs on local workerd by itself.
export interface StoredFloorItem {
  sid: string;
  from: string;
  body: string;
  at: number;
}

const STORED_FLOOR_TABLE = `create table if not exists "bench_stored_floor" ("sid" text primary key, "from" text, "body" text, "at" integer)`;
const STORED_FLOOR_INSERT = `insert into "bench_stored_floor" ("sid", "from", "body", "at")
  select j.value->>'sid', j.value->>'from', j.value->>'body', j.value->>'at' from json_each(?1) j where true
  on conflict do nothing`;

// The table is created once per isolate, by the first commit, outside the measured transactions' shape.
let storedFloorTable: Promise<unknown> | null = null;

export async function commitStoredFloor(d1: D1Database, batch: Waiting<StoredFloorItem, void>[]) {
  try {
    await (storedFloorTable ??= d1.exec(STORED_FLOOR_TABLE).catch((err: unknown) => {
      storedFloorTable = null;
      throw err;
    }));
    await d1
      .prepare(STORED_FLOOR_INSERT)
      .bind(JSON.stringify(batch.map((w) => w.item)))
      .run();
    batch.forEach((w) => w.resolve());
  } catch (err) {
    batch.forEach((w) => w.reject(err));
  }
}
