// The memory a 100 MB document costs the Worker on its way from Twilio to R2 and from R2 to the browser
// (issue 21): a signed inbound webhook with NumMedia=1 names a 100 MiB PDF that the fake Twilio serves
// behind HTTP Basic auth; the queue's media.fetch job streams it into R2; then a signed-in user downloads
// it through the message's media `url`. Meanwhile the resident memory of the workerd process (the one
// isolate that runs the Worker, its queue consumer and its Durable Objects) is sampled from /proc, and
// its peak is compared with its idle memory. The bytes must arrive whole: the same size and SHA-256 at
// every hop. Run alone with `node_modules/.bin/node bench/media-memory.mjs`.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, root, startLocalServer } from "../scripts/local-env.mjs";
import { serverPids } from "./proc.mjs";
import { answerAccountCheck, twilioSignature } from "./fake-twilio.mjs";

const MIB = 1024 * 1024;
const DOCUMENT_BYTES = Number(process.env.BENCH_MEDIA_MIB ?? 100) * MIB;
const WARMUP_BYTES = 1 * MIB;
const CHUNK = 64 * 1024;
const SAMPLE_EVERY_MS = 10;
const PEAK_TARGET_MIB = 64;
const WORKERS_LIMIT_MIB = 128;
const AUTH_TOKEN = "bench-media-token-00000000000000";
const ACCOUNT_SID = `AC${"d".repeat(32)}`;

// A PDF of `bytes` bytes, generated chunk by chunk (never held whole here either): a real PDF header,
// then pseudo-random filler that no compression can shrink, the same for every request.
function pdfChunks(bytes) {
  const filler = randomBytes(CHUNK);
  const header = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1");
  return function* () {
    for (let offset = 0; offset < bytes; offset += CHUNK) {
      const chunk = Buffer.from(filler.subarray(0, Math.min(CHUNK, bytes - offset)));
      chunk.writeUInt32BE((offset / CHUNK) >>> 0, Math.min(chunk.length - 4, 200)); // every chunk differs
      if (offset === 0) header.copy(chunk, 0);
      yield chunk;
    }
  };
}

// The fake Twilio: a media URL per document, answering only with the account's Basic credentials, and a
// Messages API that records the agent's acknowledgements.
function startFakeTwilio(port, documents) {
  const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    const doc = documents.get(req.url ?? "");
    if (doc) {
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end('{"code":20003,"message":"Authenticate"}');
        return;
      }
      doc.served = createHash("sha256");
      doc.servedBytes = 0;
      res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": String(doc.bytes), "Content-Disposition": `attachment; filename="${doc.fileName}"` });
      const chunks = doc.chunks();
      const pump = () => {
        for (let next = chunks.next(); !next.done; next = chunks.next()) {
          doc.served.update(next.value);
          doc.servedBytes += next.value.length;
          if (!res.write(next.value)) return void res.once("drain", pump);
        }
        doc.servedHash = doc.served.digest("hex");
        res.end();
      };
      pump();
      return;
    }
    req.resume();
    req.on("end", () => {
      if (answerAccountCheck(req, res)) return;
      if (req.url?.includes("/Messages.json")) {
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

const sign = (url, params) => twilioSignature(AUTH_TOKEN, url, params);

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Resident memory of a process, in KiB, from /proc/<pid>/status: VmRSS now, VmHWM its peak.
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kib("VmRSS"), hwm: kib("VmHWM") };
  } catch {
    return null;
  }
}

// Resets the kernel's peak-RSS mark of the process (writing 5 to clear_refs), so that VmHWM afterwards
// is the peak of what follows; answers false where the kernel does not allow it.
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

// Samples the process's RSS every SAMPLE_EVERY_MS while `work` runs; answers the peak sampled, the
// kernel's own peak mark when it could be reset first, and work's result.
async function sampled(pid, work) {
  const exact = resetPeak(pid);
  let peak = memoryOf(pid)?.rss ?? NaN;
  let samples = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m) (peak = Math.max(peak, m.rss), samples++);
  }, SAMPLE_EVERY_MS);
  const started = performance.now();
  try {
    const result = await work();
    const end = memoryOf(pid);
    if (end) peak = Math.max(peak, end.rss);
    return { result, peakKib: exact && end ? Math.max(peak, end.hwm) : peak, kernelPeak: exact, samples, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

async function idleRss(pid, seconds = 3) {
  const values = [];
  for (let i = 0; i < seconds * 10; i++) {
    values.push(memoryOf(pid)?.rss ?? NaN);
    await sleep(100);
  }
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

// Streams a response body through SHA-256 without keeping it.
function download(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        const hash = createHash("sha256");
        let bytes = 0;
        res.on("data", (c) => (hash.update(c), (bytes += c.length)));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, bytes, sha256: hash.digest("hex") }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const mib = (kib) => (kib / 1024).toFixed(1);

/** Starts its own server and fakes, measures, stops. `figure(name, value, unit, target, ok)` records a row. */
export async function runMediaMemoryBench(figure, { log = console.log } = {}) {
  const fakePort = await freePort();
  const twilioBase = `http://127.0.0.1:${fakePort}`;
  const documents = new Map();
  const fake = await startFakeTwilio(fakePort, documents);
  const server = await startLocalServer({
    logLevel: process.env.BENCH_LOG_LEVEL ?? "error",
    benchmark: true,
    buildWebFirst: !existsSync(path.join(root, "dist", "web", "index.html")),
    vars: { OPENAI_API_KEY: "", TWILIO_API_BASE: twilioBase, TWILIO_SENDER_MPS: "1000", BOOTSTRAP_SANDBOX_ACCOUNT: "false" },
  });
  const base = server.baseUrl;
  try {
    const workerd = serverPids(server.persist)
      .map((pid) => ({ pid, args: (() => { try { return readFileSync(`/proc/${pid}/cmdline`, "utf8"); } catch { return ""; } })() }))
      .find((p) => /workerd/.test(p.args));
    if (!workerd) throw new Error("the workerd process of the server was not found in /proc");
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: server.vars.ADMIN_EMAIL, password: server.vars.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.get("set-cookie").split(";")[0];
    const api = async (method, url, body) =>
      json(await fetch(`${base}${url}`, { method, headers: { Cookie: cookie, Origin: base, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined }));
    const account = await api("POST", "/api/twilio-accounts", { name: "Bench media", accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, phoneNumber: "+390200000001", gptModel: "gpt-4o-mini", isDefault: true });
    await api("PUT", `/api/twilio-accounts/${account.id}/activate`);
    const hookUrl = `${base}/webhooks/twilio/${account.id}/message`;

    // One inbound WhatsApp message carrying one document; answers its stored attachment once R2 has it.
    let n = 0;
    const receive = async (bytes, phone) => {
      n++;
      const mediaPath = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM${String(n).padStart(32, "0")}/Media/ME${String(n).padStart(32, "0")}`;
      const doc = { bytes, fileName: `listino-${n}.pdf`, chunks: pdfChunks(bytes) };
      documents.set(mediaPath, doc);
      const params = {
        MessageSid: `MM${String(n).padStart(32, "0")}`,
        AccountSid: ACCOUNT_SID,
        From: `whatsapp:${phone}`,
        To: "whatsapp:+390200000001",
        Body: "",
        NumMedia: "1",
        MediaUrl0: `${twilioBase}${mediaPath}`,
        MediaContentType0: "application/pdf",
      };
      const res = await fetch(hookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": sign(hookUrl, params) },
        body: new URLSearchParams(params).toString(),
      });
      if (res.status !== 200) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
      const deadline = Date.now() + 600_000;
      for (;;) {
        const list = await api("GET", "/api/conversations");
        const conversation = list.find((c) => c.phoneNumber === phone);
        if (conversation) {
          const messages = await api("GET", `/api/conversations/${conversation.id}/messages`);
          const [media] = messages.flatMap((m) => m.media ?? []);
          if (media?.status === "failed") throw new Error(`the attachment failed: ${media.failureReason}`);
          if (media?.status === "stored") return { doc, media };
        }
        if (Date.now() > deadline) throw new Error("the attachment was not stored within 10 minutes");
        await sleep(100);
      }
    };

    // A small document first, so the code paths are compiled before the idle memory is read.
    const warm = await receive(WARMUP_BYTES, "+393470000001");
    const warmDownload = await download(`${base}${warm.media.url}`, cookie);
    if (warmDownload.bytes !== WARMUP_BYTES) throw new Error(`the warm-up download gave ${warmDownload.bytes} bytes`);
    await sleep(2000);
    const idle = await idleRss(workerd.pid);

    const inbound = await sampled(workerd.pid, () => receive(DOCUMENT_BYTES, "+393470000002"));
    const { doc, media } = inbound.result;
    await sleep(1000);
    const between = await idleRss(workerd.pid, 2);
    const outbound = await sampled(workerd.pid, () => download(`${base}${media.url}`, cookie));
    const got = outbound.result;

    const size = `${(DOCUMENT_BYTES / MIB).toFixed(0)} MiB`;
    const whole = doc.servedBytes === DOCUMENT_BYTES && media.size === DOCUMENT_BYTES && got.status === 200 && got.bytes === DOCUMENT_BYTES && got.sha256 === doc.servedHash;
    figure(
      `Media: a ${size} PDF from Twilio to R2 to the browser arrives whole`,
      `Twilio served ${doc.servedBytes} bytes, R2 recorded ${media.size}, the browser got ${got.bytes} (HTTP ${got.status}, ${got.headers["content-type"]}); SHA-256 ${got.sha256 === doc.servedHash ? "identical" : "DIFFERENT"} (${got.sha256.slice(0, 16)}…)`,
      "",
      "size and hash identical",
      whole,
    );
    figure("Media: workerd resident memory, idle (after a 1 MiB warm-up)", mib(idle), "MiB", null, null);
    const peakText = (m, seconds) => `peak ${mib(m.peakKib)} MiB, ${mib(m.peakKib - idle)} MiB above idle (${m.kernelPeak ? "kernel peak mark reset before, and " : ""}${m.samples} samples every ${SAMPLE_EVERY_MS} ms over ${seconds.toFixed(1)} s, ${(DOCUMENT_BYTES / MIB / seconds).toFixed(0)} MiB/s)`;
    const inboundOk = inbound.peakKib - idle <= PEAK_TARGET_MIB * 1024;
    const outboundOk = outbound.peakKib - idle <= PEAK_TARGET_MIB * 1024;
    figure(`Media: workerd memory while the queue job streams ${size} Twilio → R2`, peakText(inbound, inbound.seconds), "", `peak − idle ≤ ${PEAK_TARGET_MIB} MiB (Workers limit ${WORKERS_LIMIT_MIB} MB)`, inboundOk);
    figure(`Media: workerd memory while the browser downloads ${size} R2 → browser`, `${peakText(outbound, outbound.seconds)}; idle before it ${mib(between)} MiB`, "", `peak − idle ≤ ${PEAK_TARGET_MIB} MiB (Workers limit ${WORKERS_LIMIT_MIB} MB)`, outboundOk);
    log(`  workerd pid ${workerd.pid}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}`);
    return {
      note: `Media memory: \`bench/media-memory.mjs\`: the fake Twilio serves a ${size} PDF (a PDF header, then random bytes) only with the account's HTTP Basic credentials; a signed inbound webhook with NumMedia=1 names it; the queue's media.fetch job streams it into local R2 (checked against WhatsApp's 100 MB document limit and its magic bytes on the way); a signed-in user then downloads it through the message's media \`url\`. The resident memory (VmRSS) of the server's workerd process is read from /proc every ${SAMPLE_EVERY_MS} ms during each transfer${inbound.kernelPeak ? ", and its kernel peak mark (VmHWM) is reset before each one and read after it, so no spike between samples is missed" : ""}; idle is the median over 3 s after a 1 MiB warm-up document made the same trip. Size and SHA-256 are compared at Twilio, in R2's record and at the browser.`,
    };
  } finally {
    server.stop();
    fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let failed = false;
  const { note } = await runMediaMemoryBench((name, value, unit, target, ok) => {
    if (ok === false) failed = true;
    console.log(`${ok === false ? "MISSED" : "ok    "} ${name}: ${value} ${unit}${target ? ` (target ${target})` : ""}`);
  });
  console.log(`\n${note}`);
  process.exit(failed ? 1 : 0);
}
