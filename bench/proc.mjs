// The benchmark server's processes, from /proc: shared by the parts that measure its CPU and memory.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

// The pids of the `wrangler dev` started on `persist` and of all its descendants (workerd among them).
export function serverPids(persist) {
  try {
    const rows = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
      .filter(Boolean)
      .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
    const pids = new Set(rows.filter((r) => r.args.includes(persist) && r.args.includes("wrangler")).map((r) => r.pid));
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) if (pids.has(r.ppid) && !pids.has(r.pid)) (pids.add(r.pid), (grew = true));
    }
    return [...pids];
  } catch {
    return [];
  }
}

// CPU time (ms) of the server's processes (wrangler and its workerd) and of this process, from /proc;
// null where /proc is missing. Divided by the requests of a measurement, it is the work per request,
// which a busy machine shifts much less than it shifts requests/s.
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
export function cpuNow(pids) {
  let server = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      server += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return null;
    }
  }
  const own = process.cpuUsage();
  return pids.length ? { server, client: (own.user + own.system) / 1000 } : null;
}

