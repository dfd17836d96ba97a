// Who held up a latency window: `wrangler dev` runs two workerd processes, its dev proxy (which owns the
// public port and forwards every request) and the one that runs the Worker, its Durable Objects and the
// local D1, each with one main thread. Sampling both threads' CPU every 10 ms during a window tells, in
// the same run, whether the slowest requests waited on our Worker or on the dev proxy, which no deployed
// Worker has.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { CLOCK_TICKS } from "./proc.mjs";

const SAMPLE_MS = 10;
const BUCKET_MS = 100;
// A bucket is a stall of one thread when it ran at least this much of the bucket while the other ran at
// most STALL_OTHER_MAX: one thread busy and the other waiting on it.
const STALL_BUSY_MIN = 0.9;
const STALL_OTHER_MAX = 0.3;

// The pid of the process among `pids` that listens on `port` (from /proc/net/tcp and its sockets).
function listenerOf(pids, port) {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
        const f = line.trim().split(/\s+/);
        // local address "ADDR:PORT", state 0A = LISTEN, inode in column 10
        if (f[1]?.endsWith(`:${hex}`) && f[3] === "0A") inodes.add(f[9]);
      }
    } catch {
      // no IPv6 table
    }
  }
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return pid;
      }
    } catch {
      // the process ended or its fds are closed to us
    }
  }
  return null;
}

const isWorkerd = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
  } catch {
    return false;
  }
};

// The two main threads of a `wrangler dev` server listening on `port`, or null where /proc cannot tell.
export function serverThreads(pids, port) {
  const workerds = pids.filter(isWorkerd);
  const proxy = listenerOf(workerds, port);
  const worker = workerds.find((pid) => pid !== proxy);
  return proxy && worker ? { proxy, worker } : null;
}

const mainTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

// Samples both threads every 10 ms until stop(); stop() answers the stalls as [fromMs, toMs, who] relative
// to `origin` (performance.now() of the window's start), who being "proxy" or "worker".
export function watchStalls(threads, origin) {
  const samples = [];
  const sample = () => {
    try {
      samples.push({ at: performance.now() - origin, proxy: mainTicks(threads.proxy), worker: mainTicks(threads.worker) });
    } catch {
      // the server is stopping
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const stalls = [];
      for (let from = 0; samples.length && from < samples.at(-1).at; from += BUCKET_MS) {
        const a = samples.find((s) => s.at >= from);
        const b = samples.find((s) => s.at >= from + BUCKET_MS) ?? samples.at(-1);
        const span = b.at - a.at;
        if (span < BUCKET_MS / 2) continue;
        const share = (who) => ((b[who] - a[who]) * 1000) / CLOCK_TICKS / span;
        for (const [who, other] of [["proxy", "worker"], ["worker", "proxy"]]) {
          if (share(who) < STALL_BUSY_MIN || share(other) > STALL_OTHER_MAX) continue;
          const last = stalls.at(-1);
          if (last && last[2] === who && last[1] === from) last[1] = from + BUCKET_MS;
          else stalls.push([from, from + BUCKET_MS, who]);
        }
      }
      return stalls;
    },
  };
}

// How many of the slowest `share` of `requests` ({ due, ms }, due relative to the window's start) were in
// flight during a stall of each thread, and the stalls' total length.
export function stallSummary(requests, stalls, share = 0.01) {
  const slowest = requests.slice().sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(requests.length * share)));
  const during = (who) => slowest.filter((r) => stalls.some(([from, to, w]) => w === who && r.due < to && r.due + r.ms > from)).length;
  const of = (who) => ({
    ms: stalls.filter(([, , w]) => w === who).reduce((sum, [from, to]) => sum + to - from, 0),
    at: stalls.filter(([, , w]) => w === who).map(([from, to]) => `${(from / 1000).toFixed(1)}–${(to / 1000).toFixed(1)} s`),
    slowest: during(who),
  });
  return { slowest: slowest.length, proxy: of("proxy"), worker: of("worker") };
}

// The summaries of several windows, added up (their stalls' times, each relative to its own window, left out).
export function sumStalls(summaries) {
  const sum = (who, field) => summaries.reduce((n, x) => n + x[who][field], 0);
  const of = (who) => ({ ms: sum(who, "ms"), slowest: sum(who, "slowest") });
  return { slowest: summaries.reduce((n, x) => n + x.slowest, 0), proxy: of("proxy"), worker: of("worker") };
}

const when = (t) => (t.at?.length ? `, at ${t.at.join(", ")}` : "");
export const stallText = (s) =>
  `wrangler's dev proxy stalled ${s.proxy.ms} ms${when(s.proxy)} (${s.proxy.slowest} of the ${s.slowest} slowest requests were in flight then), the Worker's thread ${s.worker.ms} ms${when(s.worker)} (${s.worker.slowest} of them)`;
