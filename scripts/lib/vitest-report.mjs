// Reads the counts of one vitest run from its own JSON report (--reporter=json).
import { existsSync, readFileSync } from 'node:fs';

/**
 * { passed, failed, skipped, fileErrors: [{ file, message }], failures: [{ file, title, message }] } from a
 * vitest JSON report, or null
 * when there is no readable report (the run crashed or was stopped). A test file that failed
 * without any failed test in it (import error, failing beforeAll/afterAll) counts as one failure.
 */
export function readVitestReport(file) {
  if (!existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof report?.numPassedTests !== 'number' || typeof report?.numFailedTests !== 'number') return null;
  const fileErrors = [];
  const failures = [];
  for (const result of report.testResults ?? []) {
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) {
      failures.push({ file: result.name, title: a.fullName ?? a.title, message: failureLine(a.failureMessages?.[0]) });
    }
    if (result.status === 'failed' && failedTests.length === 0) {
      fileErrors.push({
        file: result.name,
        message: (result.message || 'failed outside any test (a hook or the file itself; see the output above)').split(
          '\n',
        )[0],
      });
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + fileErrors.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    fileErrors,
    failures,
  };
}

/** vitest reports a test over its time limit only by the stack of its marker error. */
function failureLine(text) {
  const line = firstLine(text);
  return line === 'Error: STACK_TRACE_ERROR' ? "timed out (over the test's time limit, or a hook's)" : line;
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 300);
}
