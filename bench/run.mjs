// `npm run bench`: measures the product on local workerd (wrangler dev) over loopback only, with
// bounded request counts, and writes bench/REPORT.md. Exits non-zero when a figure misses its target.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, root, startLocalServer, toolEnv } from "../scripts/local-env.mjs";

const FAKE_PORT = await freePort();
const INGEST_REQUESTS = Number(process.env.BENCH_INGEST_REQUESTS ?? 3000);
const INGEST_CONCURRENCY = 50;
const INGEST_PHONES = 300;
const REPLAY_EVERY = 20; // every 20th request replays an earlier MessageSid
const REPLY_SAMPLES = 40;
const AUTH_TOKEN = "bench-auth-token-000000000000000";
const ACCOUNT_SID = `AC${"b".repeat(32)}`;

// --- fakes for the outside world, on loopback ----------------------------------------------
const twilioSends = []; // { to, at }
function startFakes() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url?.endsWith("/chat/completions")) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-bench",
            object: "chat.completion",
            created: 1,
            model: "gpt-4o-mini",
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Certo, ecco le informazioni." } }],
            usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
          }),
        );
        return;
      }
      if (req.url?.includes("/Messages.json")) {
        const form = new URLSearchParams(body);
        twilioSends.push({ to: form.get("To"), at: performance.now() });
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(FAKE_PORT, "127.0.0.1", () => resolve(server)));
}

// --- helpers ----------------------------------------------------------------------------------
function sign(url, params) {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return createHmac("sha1", AUTH_TOKEN).update(data).digest("base64");
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

function d1(persist, sql) {
  const out = execFileSync(path.join(root, "node_modules/.bin/wrangler"), ["d1", "execute", "agentbot", "--local", "--persist-to", persist, "--json", "--command", sql], {
    cwd: root,
    env: toolEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out)[0].results;
}

async function pool(count, concurrency, task) {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  });
  await Promise.all(workers);
}

// --- the run ----------------------------------------------------------------------------------
const figures = [];
let failed = false;
function figure(name, value, unit, target, ok) {
  figures.push({ name, value, unit, target, ok });
  if (ok === false) failed = true;
  console.log(`${ok === false ? "MISSED" : "ok    "} ${name}: ${value} ${unit}${target ? ` (target ${target})` : ""}`);
}

// Starts the Worker with the fakes, signs in as the bootstrap admin and adds a real (non-sandbox)
// account pointed at the fake Twilio; answers a signed-webhook poster for that account.
async function withProduct(vars, run) {
  const server = await startLocalServer({
    logLevel: process.env.BENCH_LOG_LEVEL ?? "error",
    // The benchmark measures the Worker; the web build is only needed for wrangler to start.
    buildWebFirst: !existsSync(path.join(root, "dist", "web", "index.html")),
    vars: { OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`, TWILIO_API_BASE: `http://127.0.0.1:${FAKE_PORT}`, TWILIO_SENDER_MPS: "1000", ...vars },
  });
  const base = server.baseUrl;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: server.vars.ADMIN_EMAIL, password: server.vars.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.get("set-cookie").split(";")[0];
    const account = await json(
      await fetch(`${base}/api/twilio-accounts`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Bench", accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, phoneNumber: "+390200000000", gptModel: "gpt-4o-mini", isDefault: true }),
      }),
    );
    const hookUrl = `${base}/webhooks/twilio/${account.id}/message`;
    const post = async (params) => {
      const started = performance.now();
      const res = await fetch(hookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": sign(hookUrl, params) },
        body: new URLSearchParams(params),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${text.slice(0, 300)}`);
      return performance.now() - started;
    };
    await run({ post, persist: server.persist, base });
  } finally {
    server.stop();
  }
}

const inbound = (sid, phone, text) => ({ MessageSid: sid, From: `whatsapp:${phone}`, To: "whatsapp:+390200000000", Body: text, AccountSid: ACCOUNT_SID });
const fakes = await startFakes();
try {
  // 1. Ingest throughput and answer latency, with the product's default 2 s reply debounce.
  await withProduct({}, async ({ post, persist, base }) => {
    for (let i = 0; i < 20; i++) await post(inbound(`SMwarm${i}`, "+393999999999", "riscaldamento"));
    // The floor of this stack: a request that does no I/O (an anonymous health check answers 401).
    const floorStart = performance.now();
    await pool(1000, INGEST_CONCURRENCY, async () => void (await (await fetch(`${base}/api/health`)).text()));
    figure("Floor: bare request on the same server", Math.round(1000 / ((performance.now() - floorStart) / 1000)), "requests/s", null, null);
    const latencies = [];
    const sent = new Set();
    const startedAt = performance.now();
    await pool(INGEST_REQUESTS, INGEST_CONCURRENCY, async (i) => {
      // Every REPLAY_EVERY-th request replays the previous MessageSid, as Twilio's retries do.
      const n = i > 0 && i % REPLAY_EVERY === 0 ? i - 1 : i;
      sent.add(n);
      latencies.push(await post(inbound(`SMingest${n}`, `+39331${String(n % INGEST_PHONES).padStart(7, "0")}`, `Messaggio di prova ${n}`)));
    });
    const seconds = (performance.now() - startedAt) / 1000;
    latencies.sort((a, b) => a - b);
    const [stored] = d1(persist, "select count(*) as n, count(distinct twilio_message_id) as d from messages where twilio_message_id like 'SMingest%'");
    const rate = Math.round(INGEST_REQUESTS / seconds);
    figure("Webhook ingest throughput", rate, "signed requests/s", "≥ 500/s", rate >= 500);
    figure("Webhook answer latency p50", percentile(latencies, 50).toFixed(1), "ms", null, null);
    figure("Webhook answer latency p99", percentile(latencies, 99).toFixed(1), "ms", "< 50 ms", percentile(latencies, 99) < 50);
    figure("Messages stored", `${stored.n} (distinct ${stored.d}) of ${sent.size} unique`, "", "all, none twice", stored.n === sent.size && stored.d === sent.size);
  });

  // 2. Inbound message → reply handed to Twilio, with a model that answers at once and no debounce.
  await withProduct({ AI_REPLY_DEBOUNCE_MS: "0" }, async ({ post }) => {
    for (let i = 0; i < 5; i++) await post(inbound(`SMwarm${i}`, `+39398000000${i}`, "riscaldamento"));
    await new Promise((r) => setTimeout(r, 1000));
    const replyTimes = [];
    for (let i = 0; i < REPLY_SAMPLES; i++) {
      const phone = `+39332${String(i).padStart(7, "0")}`;
      const sentAt = performance.now();
      await post(inbound(`SMreply${i}`, phone, "Buongiorno, vorrei informazioni"));
      const deadline = Date.now() + 10_000;
      let reply;
      while (!(reply = twilioSends.find((s) => s.to === `whatsapp:${phone}` && s.at >= sentAt)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1));
      }
      if (reply) replyTimes.push(reply.at - sentAt);
    }
    replyTimes.sort((a, b) => a - b);
    figure("Inbound → reply handed to Twilio p50", percentile(replyTimes, 50).toFixed(1), "ms", "< 150 ms", percentile(replyTimes, 50) < 150);
    figure("Inbound → reply handed to Twilio p99", percentile(replyTimes, 99).toFixed(1), "ms", null, null);
    figure("Replies received", `${replyTimes.length} of ${REPLY_SAMPLES}`, "", "all", replyTimes.length === REPLY_SAMPLES);
  });
} finally {
  fakes.close();
}

const cpus = os.cpus();
const report = `# Benchmark report

Run with \`npm run bench\` on ${new Date().toISOString()}.

Machine: ${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}.
Server: \`wrangler dev\` (local workerd, local D1/Queues/Durable Objects) on loopback; OpenAI and Twilio are local fakes that answer at once.

| figure | value | target | |
|---|---|---|---|
${figures.map((f) => `| ${f.name} | ${f.value} ${f.unit} | ${f.target ?? "—"} | ${f.ok === false ? "**missed**" : f.ok ? "met" : ""} |`).join("\n")}

Ingest: ${INGEST_REQUESTS} signed webhook requests at concurrency ${INGEST_CONCURRENCY}, over ${INGEST_PHONES} customer numbers, every ${REPLAY_EVERY}th one a replay of the previous MessageSid, with the product's default 2 s reply debounce; the AI replies they trigger run in the same workerd during the measurement.
Reply latency: a second server with the debounce at 0 ms; ${REPLY_SAMPLES} new conversations one after another, timed from the webhook request to the fake Twilio receiving the reply.
`;
writeFileSync(path.join(root, "bench", "REPORT.md"), report);
console.log(`\nWrote bench/REPORT.md${failed ? " — some targets were missed" : ""}`);
process.exit(failed ? 1 : 0);
