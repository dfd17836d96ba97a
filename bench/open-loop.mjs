// An open loop, shared by the webhook part (run.mjs) and the API reads (api.mjs): request i starts at
// start + i/rate whether or not the earlier ones have answered, and is timed from that scheduled start,
// so a stalled server cannot hide its queue (autocannon's rate limit sends each second's requests in a
// burst, which measures a burst, not a steady rate). Given the server's two workerd threads, it also says
// which of them stalled during the window (./stalls.mjs). With kindOf, request i is of kind kindOf(i),
// and `kinds` has each kind's latencies, failures and stalls (requests of several kinds interleaved in one
// window meet the same stalls).
import { stallSummary, watchStalls } from "./stalls.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function openLoop(rate, count, task, threads = null, kindOf = () => "all") {
  const requests = [];
  const failures = [];
  const inFlight = [];
  const startedAt = performance.now();
  const watch = threads && watchStalls(threads, startedAt);
  for (let i = 0; i < count; i++) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // Each outcome is taken at once: a request whose connection was reset is counted as failed (left
    // unhandled until the loop ends, its rejection would end this process).
    const kind = kindOf(i);
    inFlight.push(task(i).then(
      () => requests.push({ kind, due: due - startedAt, ms: performance.now() - due }),
      (err) => failures.push({ kind, reason: err.code ?? err.message }),
    ));
  }
  const sentFor = (performance.now() - startedAt) / 1000;
  await Promise.all(inFlight);
  const seen = watch ? watch.stop() : null;
  const summary = (list, failed) => ({
    latencies: list.map((r) => r.ms).sort((a, b) => a - b),
    failures: failed.map((f) => f.reason),
    stalls: seen ? stallSummary(list, seen) : null,
  });
  const kinds = Object.fromEntries(
    [...new Set([...requests, ...failures].map((r) => r.kind))].map((kind) => [kind, summary(requests.filter((r) => r.kind === kind), failures.filter((f) => f.kind === kind))]),
  );
  return { ...summary(requests, failures), offered: count / sentFor, kinds };
}
