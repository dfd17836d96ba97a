// The benchmark server's processes, from /proc: shared by the parts that measure its CPU and memory.
import { execFileSync } from "node:child_process";

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
