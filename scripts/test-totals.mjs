// Prints one line "N passed, M failed" over every suite that wrote a JSON report in test-results/.
// A failing step that wrote no report (the type check, a suite that could not start) counts as one failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "../test-results");
const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const failedTests = report.numFailedTests ?? 0;
    // A file that failed to load has no failed test of its own; count it once.
    const brokenFilesOnly = (report.numFailedTestSuites ?? 0) > 0 && failedTests === 0;
    passed += report.numPassedTests ?? 0;
    failed += failedTests + (brokenFilesOnly ? 1 : 0);
  }
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
