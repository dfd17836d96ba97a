// Prints one line "N passed, M failed" over every suite that wrote a JSON report in test-results/.
// A failing step that wrote no report (the type check, a suite that could not start) counts as one failure.
// Before it, for each end-to-end file that failed, the server's log while that file ran, then every
// failed test with the start of its error: last, so that a log cut to its tail still names them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "../test-results");
const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
const reports = new Map();
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    reports.set(file, report);
    const failedTests = report.numFailedTests ?? 0;
    // A file that failed to load has no failed test of its own; count it once.
    const brokenFilesOnly = (report.numFailedTestSuites ?? 0) > 0 && failedTests === 0;
    passed += report.numPassedTests ?? 0;
    failed += failedTests + (brokenFilesOnly ? 1 : 0);
  }
}
if (status !== 0 && failed === 0) failed = 1;
printServerLogOfFailedFiles(reports.get("e2e.json"));
printFailedTests(reports);
console.log(`${passed} passed, ${failed} failed`);

// The lines of test-results/e2e-server.log (written by test/e2e/global-setup.ts) from a failed e2e file's
// start to its end, static assets left out: what the server did while the test waited.
function printServerLogOfFailedFiles(report) {
  const log = path.join(dir, "e2e-server.log");
  if (!report || !existsSync(log)) return;
  const lines = readFileSync(log, "utf8").split("\n").filter((line) => line && !line.includes(" /assets/"));
  for (const file of report.testResults ?? []) {
    if (file.status !== "failed") continue;
    const [from, to] = [new Date(file.startTime).toISOString(), new Date(file.endTime + 1000).toISOString()];
    const during = lines.filter((line) => line.slice(0, 24) >= from && line.slice(0, 24) <= to);
    console.log(`\nServer log while ${path.relative(path.dirname(dir), file.name)} ran (${from} to ${to}, ${during.length} lines):`);
    for (const line of during.slice(-400)) console.log(line);
  }
}

// Each failed test (or file that could not load) of every suite: its file, its name and its error's first lines.
function printFailedTests(reports) {
  for (const [suite, report] of reports) {
    for (const file of report.testResults ?? []) {
      const where = path.relative(path.dirname(dir), file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      if (file.status === "failed" && failedTests.length === 0) console.log(`\nFAILED ${suite} ${where}: ${firstLines(file.message)}`);
      for (const t of failedTests) console.log(`\nFAILED ${suite} ${where} > ${t.fullName}\n${firstLines(t.failureMessages?.join("\n"))}`);
    }
  }
}

function firstLines(text = "", count = 12) {
  return text.split("\n").slice(0, count).map((line) => `    ${line}`).join("\n");
}
