import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { accepts } from "hono/accepts";

// A JSON answer kept with its bytes: its text written once, and its gzip made once, when it is answered a
// second time to a client that accepts gzip. A page held at its version (HeldByVersion) is sent again and
// again, and a list page is about 40 KB of JSON and 5 to 10 KB in gzip, so each answer after the first
// costs neither the writing nor the compressing, and moves a fifth of the bytes. A page answered once (a
// search, a page no longer held) goes plain: compressing it would cost about what its bytes do. Its text
// and gzip never change once made, like the held answer they belong to.
export class HeldJson<T = unknown> {
  #text?: string;
  #gzip?: ArrayBuffer;
  #answered = false;
  constructor(readonly value: T) {}

  // Whether this answer was sent before; true from the second call on.
  answeredBefore() {
    const before = this.#answered;
    this.#answered = true;
    return before;
  }

  get text() {
    return (this.#text ??= JSON.stringify(this.value));
  }

  // Until one request has kept the bytes, each compresses with streams of its own: the runtime refuses
  // a stream (or a promise of one) made in one request and awaited in another, which failed such
  // answers under load. The bytes kept are plain data that every later answer shares.
  async gzip(): Promise<ArrayBuffer> {
    if (this.#gzip) return this.#gzip;
    const bytes = await new Response(new Response(this.text).body!.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    return (this.#gzip ??= bytes);
  }
}

const wantsGzip = (c: Context) => accepts(c, { header: "Accept-Encoding", supports: ["gzip"], default: "identity" }) === "gzip";

// Typed as c.json's answer, for the console's typed client.
type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

// Answers `body` as JSON: from its second answer on in gzip to a client that accepts it (every browser
// does), plain otherwise.
export async function sendJson<T>(c: Context, body: HeldJson<T>): Promise<JsonAnswer<T>> {
  c.header("Content-Type", "application/json");
  c.header("Vary", "Accept-Encoding", { append: true });
  if (!body.answeredBefore() || !wantsGzip(c)) return c.body(body.text, 200) as Response as JsonAnswer<T>;
  c.header("Content-Encoding", "gzip");
  const gzip = await body.gzip();
  // The headers the handler set, on a response whose bytes are gzip already ("manual": by default
  // workerd would compress them again for this Content-Encoding).
  const { headers } = c.body(null, 200);
  return new Response(gzip, { status: 200, headers, encodeBody: "manual" }) as JsonAnswer<T>;
}
