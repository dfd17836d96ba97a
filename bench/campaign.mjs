// Campaign benchmark: a 10,000-lead dynamic list imported from CSV, a one-step campaign on a real
// (non-sandbox) account pointed at a loopback fake Twilio, the cron fired through /__scheduled as
// the real one would (once a minute). Measures the time to schedule every lead, the send rate at the
// fake Twilio against the sender's configured limit over a window of sending, and duplicate sends.
// Then the highest rate one sender sustains (runSustainedRateSearch). Run alone with
// `node bench/campaign.mjs`; BENCH_CAMPAIGN_LEADS, BENCH_CAMPAIGN_MPS and BENCH_CAMPAIGN_WINDOW_S change
// the size, BENCH_CAMPAIGN_SEARCH=0 skips the search.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, root, startLocalServer } from "../scripts/local-env.mjs";
import { cpuNow, serverPids } from "./proc.mjs";
import { answerAccountCheck, twilioSignature } from "./fake-twilio.mjs";

const LEADS = Number(process.env.BENCH_CAMPAIGN_LEADS ?? 10_000);
// The sender's limit is Twilio's default of 80 messages per second. Local workerd runs the queue
// consumer one batch at a time and every job, Durable Object and D1 statement on one thread, so what a
// send costs that thread decides whether it keeps up: the bench reports the server's CPU per send
// against the floor's CPU per request. The rate is measured over the first WINDOW_S seconds of
// sending, then the campaign is paused.
const MPS = Number(process.env.BENCH_CAMPAIGN_MPS ?? 80);
const WINDOW_S = Number(process.env.BENCH_CAMPAIGN_WINDOW_S ?? 60);
const CRON_EVERY_MS = 60_000;
const FLOOR_REQUESTS = 1000;
const FLOOR_CONCURRENCY = 20;
const ACCOUNT_SID = `AC${"c".repeat(32)}`;
const AUTH_TOKEN = "bench-auth-token-000000000000000";
// How long after the pause's wait the bench waits for the callbacks still owed or on their way.
export const CALLBACKS_SETTLE_MS = 15_000;
// Twilio reports each message's progress to its StatusCallback: sent, then delivered (WhatsApp).
export const STATUS_CALLBACKS = [
  ["sent", 200],
  ["delivered", 1500],
];
const TEMPLATE_SID = `HX${"c".repeat(32)}`;

// The fake Twilio: the Messages API records each send and, as Twilio does, later posts the message's
// statuses to its StatusCallback, signed; the Content API lists one approved template. `callbacks.base`
// is where the server listens (the StatusCallback names its public URL, which is what is signed).
function startFakeTwilio(port, sends, callbacks) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const callBack = (statusCallback, params) => {
    const target = new URL(new URL(statusCallback).pathname, callbacks.base);
    const body = new URLSearchParams(params).toString();
    const req = http.request(target, { method: "POST", agent, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), "X-Twilio-Signature": twilioSignature(AUTH_TOKEN, statusCallback, params) } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 204 ? callbacks.answered++ : callbacks.refused.push(res.statusCode)));
    });
    req.on("error", (err) => callbacks.refused.push(err.code ?? err.message));
    req.end(body);
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (answerAccountCheck(req, res)) return;
      // The Messages list, filtered by To and From, as the send job's reconciliation reads it after an
      // attempt whose answer it never got (on a loaded machine, a send that outlived the job's time-out).
      if (req.method === "GET" && req.url?.includes("/Messages.json")) {
        const q = new URL(req.url, "http://fake").searchParams;
        sends.reconciliations = (sends.reconciliations ?? 0) + 1;
        const messages = sends
          .filter((s) => s.to === q.get("To") && s.from === q.get("From"))
          .map((s) => ({ sid: s.sid, status: "sent", body: "", direction: "outbound-api", date_created: s.date.toUTCString() }));
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ messages }));
        return;
      }
      if (req.url?.includes("/Messages.json")) {
        const form = new URLSearchParams(body);
        const sid = `SM${crypto.randomUUID().replaceAll("-", "")}`;
        sends.push({ to: form.get("To"), from: form.get("From"), sid, date: new Date(), at: performance.now(), port: req.socket.remotePort });
        const statusCallback = form.get("StatusCallback");
        if (statusCallback && !callbacks.stopped) {
          for (const [status, afterMs] of STATUS_CALLBACKS) {
            const params = { AccountSid: ACCOUNT_SID, ApiVersion: "2010-04-01", ChannelPrefix: "whatsapp", From: form.get("From"), To: form.get("To"), MessageSid: sid, MessageStatus: status, SmsSid: sid, SmsStatus: status };
            callbacks.scheduled++;
            callbacks.timers.add(setTimeout(() => callBack(statusCallback, params), afterMs));
          }
        }
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sid, status: "queued" }));
        return;
      }
      if (req.url?.startsWith("/v1/ContentAndApprovals")) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            contents: [
              {
                sid: TEMPLATE_SID,
                friendly_name: "bench_offerta",
                language: "it",
                variables: { 1: "Mario", 2: "Azienda" },
                types: { "twilio/text": { body: "Ciao {{1}}, {{2}} ha un'offerta per te." } },
                approval_requests: { status: "approved", category: "MARKETING" },
              },
            ],
            meta: { next_page_url: null },
          }),
        );
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, deadlineMs, check, everyMs = 250) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

let runs = 0;
export async function runCampaignBench(figure, { mps = MPS, leads = LEADS, windowS = WINDOW_S } = {}) {
  const fakePort = await freePort();
  const sends = [];
  const callbacks = { base: null, scheduled: 0, answered: 0, refused: [], timers: new Set(), stopped: false };
  const fake = await startFakeTwilio(fakePort, sends, callbacks);
  const server = await startLocalServer({
    logLevel: process.env.BENCH_LOG_LEVEL ?? "error",
    benchmark: true,
    buildWebFirst: !existsSync(path.join(root, "dist", "web", "index.html")),
    vars: {
      TWILIO_API_BASE: `http://127.0.0.1:${fakePort}`,
      TWILIO_CONTENT_BASE: `http://127.0.0.1:${fakePort}`,
      TWILIO_SENDER_MPS: String(mps),
      BOOTSTRAP_SANDBOX_ACCOUNT: "false",
    },
  });
  const base = server.baseUrl;
  callbacks.base = base;
  let cookie = "";
  const api = async (method, url, body, type = "application/json") =>
    json(await fetch(`${base}${url}`, { method, headers: { Cookie: cookie, Origin: base, ...(body !== undefined ? { "Content-Type": type } : {}) }, body: type === "application/json" && body !== undefined ? JSON.stringify(body) : body }));
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: server.vars.ADMIN_EMAIL, password: server.vars.ADMIN_PASSWORD }),
    });
    cookie = login.headers.get("set-cookie").split(";")[0];
    const pids = serverPids(server.persist);
    // The floor of this server: the server CPU of a request that does no I/O (an anonymous GET the auth
    // middleware answers 401), FLOOR_REQUESTS of them FLOOR_CONCURRENCY at a time.
    const floor = await (async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOR_CONCURRENCY });
      const get = () =>
        new Promise((resolve, reject) => http.get(`${base}/api/health`, { agent }, (res) => (res.resume(), res.on("end", resolve))).on("error", reject));
      for (let i = 0; i < 50; i++) await get();
      const cpu0 = cpuNow(pids);
      const started = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: FLOOR_CONCURRENCY }, async () => {
        while (next++ < FLOOR_REQUESTS) await get();
      }));
      const seconds = (performance.now() - started) / 1000;
      const cpu1 = cpuNow(pids);
      agent.destroy();
      return { rate: FLOOR_REQUESTS / seconds, cpuMs: cpu0 && cpu1 ? (cpu1.server - cpu0.server) / FLOOR_REQUESTS : null };
    })();
    figure("Campaign: floor of this server (anonymous GET /api/health, 401)", `${Math.round(floor.rate)} requests/s${floor.cpuMs !== null ? `, ${floor.cpuMs.toFixed(2)} ms server CPU/request` : ""}`, "", null, null);
    const account = await api("POST", "/api/twilio-accounts", { name: "Bench", accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, phoneNumber: "+390200000000", gptModel: "gpt-4o-mini", isDefault: true });
    await api("PUT", `/api/twilio-accounts/${account.id}/activate`);

    // The list, through the product's own import: CSV upload, mapping, queued import chunks.
    const list = await api("POST", "/api/lists", { name: "Bench dinamica", listType: "dynamic", source: "csv" });
    // Each run of this process has its own mobile prefix (340, 341, …): a send from another run's server
    // that outlived it would show as a stranger here, not as a duplicate.
    const prefix = `+3934${runs++ % 10}`;
    const rows = Array.from({ length: leads }, (_, i) => `Lead${i},Bench,${prefix}${String(i).padStart(7, "0")}`);
    await api("PUT", `/api/lists/${list.id}/csv?fileName=bench.csv`, `nome,cognome,telefono\n${rows.join("\n")}\n`, "text/csv");
    const started = await api("PUT", `/api/lists/${list.id}/mapping`, { fieldMapping: { nome: "nome", cognome: "cognome", numeroTelefono: "telefono" } });
    const imported = await until("the import", 600_000, async () => {
      const imp = await api("GET", `/api/lists/${list.id}/imports/${started.import.id}`);
      if (imp.status === "failed") throw new Error(`import failed: ${imp.error}`);
      return imp.status === "completed" && imp;
    }, 1000);
    if (imported.created !== leads) throw new Error(`imported ${imported.created} of ${leads} leads`);
    figure("Campaign: leads imported from CSV", imported.created, "", null, null);

    const campaign = await api("POST", "/api/campaigns/dynamic", { name: "Bench", templateSid: TEMPLATE_SID, targetListId: list.id, twilioAccountId: account.id });
    await api("POST", `/api/campaigns/${campaign.id}/funnel`, { templateSid: TEMPLATE_SID, variables: { 1: { source: "field", field: "nome" }, 2: "Bench" } });
    const capacity = await api("GET", `/api/campaigns/${campaign.id}/capacity`);

    // 1. Activation enrolls the whole list, in bounded batches through the queue.
    const activatedAt = performance.now();
    await api("PATCH", `/api/campaigns/${campaign.id}`, { status: "active" });
    await until("every lead to be scheduled", 300_000, async () => {
      const all = await api("GET", "/api/campaigns");
      return all.find((c) => c.id === campaign.id)?.totalRecipients >= leads;
    });
    const scheduleSeconds = (performance.now() - activatedAt) / 1000;
    figure(`Campaign: time to schedule ${leads.toLocaleString("en")} leads`, scheduleSeconds.toFixed(1), "s", null, null);

    // 2. The cron, once a minute, claims what the sender can send until the next tick.
    const fire = () => fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).then((r) => r.text());
    await fire();
    let nextFire = Date.now() + CRON_EVERY_MS;
    const deadline = Date.now() + (Math.min(leads / mps, windowS) * 2 + 180) * 1000;
    const windowOver = () => sends.length > 0 && performance.now() > sends[0].at + windowS * 1000;
    // The server's CPU over the window: from the first send to its end (or the last lead's send).
    let cpuAtFirst = null;
    let cpuAtEnd = null;
    while (sends.length < leads && !windowOver() && Date.now() < deadline) {
      if (Date.now() >= nextFire) {
        await fire();
        nextFire += CRON_EVERY_MS;
      }
      if (!cpuAtFirst && sends.length > 0) cpuAtFirst = { cpu: cpuNow(pids), sends: sends.length };
      await sleep(200);
    }
    if (cpuAtFirst) cpuAtEnd = { cpu: cpuNow(pids), sends: sends.length };
    await api("PATCH", `/api/campaigns/${campaign.id}`, { status: "paused" });
    await sleep(5000); // what was already on its way arrives, and anything sent twice would too

    const inWindow = sends.filter((s) => s.at <= sends[0].at + windowS * 1000);
    const spanSeconds = inWindow.length > 1 ? (inWindow.at(-1).at - inWindow[0].at) / 1000 : NaN;
    const rate = (inWindow.length - 1) / spanSeconds;
    // Judged at the three decimals it is reported with: the arrival times carry a few milliseconds of
    // the fake's scheduling, and a sender kept exactly at its limit reads 0.9998 or 1.0003 by chance.
    const ratio = Math.round((rate / mps) * 1000) / 1000;
    figure("Campaign: sends in the measured window", `${inWindow.length} in ${spanSeconds.toFixed(1)} s`, "", null, null);
    figure(`Campaign: send rate / sender limit (${mps} msg/s)`, ratio.toFixed(3), `(${rate.toFixed(1)} msg/s)`, "≥ 0.9 and ≤ 1.0", ratio >= 0.9 && ratio <= 1.0);
    if (cpuAtFirst?.cpu && cpuAtEnd?.cpu && cpuAtEnd.sends > cpuAtFirst.sends) {
      const perSend = (cpuAtEnd.cpu.server - cpuAtFirst.cpu.server) / (cpuAtEnd.sends - cpuAtFirst.sends);
      figure(
        "Campaign: server CPU per send (everything the server did meanwhile: step jobs, sends, status callbacks, D1, Durable Objects)",
        `${perSend.toFixed(2)} ms${floor.cpuMs ? ` = ${(perSend / floor.cpuMs).toFixed(1)}× the floor's CPU/request; at ${mps} msg/s that is ${((perSend * mps) / 10).toFixed(0)} % of one core` : ""}`,
        "",
        null,
        null,
      );
    }
    figure("Campaign: sends reconciled against the Messages list (an attempt whose answer was lost)", sends.reconciliations ?? 0, "", null, null);
    // Every callback the fake still owes (a delivered status comes 1.5 s after its send) is posted, and
    // every one posted answered, before the figure: one the server never answers counts against it.
    const unanswered = () => callbacks.scheduled - callbacks.answered - callbacks.refused.length;
    // Past the bound, the figure says how many are missing: not an error of the run.
    await until("the status callbacks", CALLBACKS_SETTLE_MS, () => unanswered() === 0, 100).catch(() => {});
    const final = (await api("GET", "/api/campaigns")).find((c) => c.id === campaign.id);
    const missing = unanswered();
    figure(
      "Campaign: status callbacks (sent and delivered for each message, signed, as Twilio posts them) answered 204",
      `${callbacks.answered} of ${callbacks.scheduled}`,
      [callbacks.refused.length ? `(refused: ${[...new Set(callbacks.refused)].join(", ")})` : "", missing > 0 ? `(${missing} not answered ${CALLBACKS_SETTLE_MS / 1000} s after the wait that follows the pause)` : ""].filter(Boolean).join(" "),
      "all",
      callbacks.refused.length === 0 && missing === 0,
    );
    figure("Campaign: counted by the campaign", `${final.sentCount} sent, ${final.deliveredCount} delivered, ${final.failedCount} failed; capacity said ${capacity.recipients} recipients at ${capacity.messagesPerSecond} msg/s`, "", null, null);
    // Sends still arrive after the pause (jobs already queued): numbers sent twice are counted as late as here.
    const duplicates = sends.length - new Set(sends.map((s) => s.to)).size;
    figure("Campaign: duplicate sends", duplicates, `(of ${sends.length} sends)`, "0", duplicates === 0);
    if (duplicates > 0) await describeDuplicates(api, sends);
    const strangers = sends.filter((s) => !s.to?.startsWith(`whatsapp:${prefix}`));
    if (strangers.length > 0) console.log(`  ${strangers.length} sends to numbers of another run, e.g. ${strangers[0].to}`);
    return { mps, ratio, rate, duplicates, reconciliations: sends.reconciliations ?? 0 };
  } finally {
    callbacks.stopped = true;
    for (const timer of callbacks.timers) clearTimeout(timer);
    server.stop();
    fake.close();
  }
}

// What the server holds for the first few numbers Twilio got twice: one message sent twice, or two
// messages (two runs of the funnel for one lead). Logged to trace a duplicate, not a figure.
async function describeDuplicates(api, sends) {
  const byNumber = Map.groupBy(sends, (s) => s.to);
  const twice = [...byNumber.entries()].filter(([, list]) => list.length > 1).slice(0, 5);
  for (const [to, list] of twice) {
    const phone = to.replace(/^whatsapp:/, "");
    const [conversation] = await api("GET", `/api/conversations?search=${encodeURIComponent(phone)}&view=all`).catch(() => []);
    const messages = conversation ? await api("GET", `/api/conversations/${conversation.id}/messages`).catch(() => []) : [];
    console.log(
      `  duplicate to ${to}: Twilio got ${list.map((s) => `${s.sid} at +${((s.at - sends[0].at) / 1000).toFixed(3)} s on port ${s.port}`).join(", ")}; ` +
        `the server holds ${messages.length} message(s): ${messages.map((m) => `${m.id} ${m.status} ${m.twilioMessageId ?? "no sid"}`).join("; ")}`,
    );
  }
}

// The highest rate one sender keeps up with: a fresh server per step with TWILIO_SENDER_MPS raised (Twilio
// grants up to 400 on request) and enough leads for a shorter window, until the ratio falls below 0.9 or a
// lead gets a message twice. `held` is the run at the default limit, which the search starts from.
const SEARCH_STEPS = [120, 160, 240, 320, 400];
const SEARCH_WINDOW_S = 20;
const SUSTAINED_RATIO = 0.9;
export async function runSustainedRateSearch(figure, held) {
  const tried = [];
  let best = held && held.ratio >= SUSTAINED_RATIO && held.duplicates === 0 ? held : null;
  if (best) {
    for (const mps of SEARCH_STEPS) {
      const step = await runCampaignBench(() => {}, { mps, leads: Math.ceil(mps * (SEARCH_WINDOW_S + 5)), windowS: SEARCH_WINDOW_S });
      tried.push(step);
      console.log(`  sender at ${mps} msg/s: ratio ${step.ratio.toFixed(3)} (${step.rate.toFixed(1)} msg/s), ${step.duplicates} duplicates, ${step.reconciliations} sends reconciled`);
      if (step.ratio < SUSTAINED_RATIO || step.duplicates > 0) break;
      best = step;
    }
  }
  figure(
    `Campaign: highest sustained send rate on one sender (TWILIO_SENDER_MPS raised until the ratio fell below ${SUSTAINED_RATIO}, ${SEARCH_WINDOW_S} s windows)`,
    best ? `${best.mps} msg/s (${best.rate.toFixed(1)} msg/s measured)` : `below ${held?.mps ?? MPS} msg/s`,
    tried.length
      ? `; steps: ${tried.map((t) => `${t.mps} → ${t.ratio.toFixed(3)}${t.duplicates ? `, ${t.duplicates} duplicates` : ""}${t.reconciliations ? `, ${t.reconciliations} sends reconciled` : ""}`).join("; ")}`
      : "",
    "reported",
    null,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let failed = false;
  const figure = (name, value, unit, target, ok) => {
    if (ok === false) failed = true;
    console.log(`${ok === false ? "MISSED" : "ok    "} ${name}: ${value} ${unit}${target ? ` (target ${target})` : ""}`);
  };
  const held = await runCampaignBench(figure);
  if (process.env.BENCH_CAMPAIGN_SEARCH !== "0") await runSustainedRateSearch(figure, held);
  process.exit(failed ? 1 : 0);
}
