// Prints the one plain line CI reads, from vitest's JSON report: "tests: N passed, M failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.test-results/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  // No report means the run died before vitest finished (type errors, build failure): count that as a failure.
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const failed = report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
console.log(`tests: ${report.numPassedTests} passed, ${failed} failed`);
