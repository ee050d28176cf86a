// Reads the counts of one Playwright run from its own JSON report (reporter `json`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * { passed, failed, skipped, flaky, fileErrors: [{ file, message }], failures: [{ file, title, message }] }
 * from a Playwright JSON report, or null when there is no readable report (the run crashed or was
 * stopped): the same shape as readVitestReport's. An error outside any test (global setup, a file
 * that does not load) counts as one failure each.
 */
export function readPlaywrightReport(file) {
  if (!existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const stats = report?.stats;
  if (typeof stats?.expected !== 'number' || typeof stats?.unexpected !== 'number') return null;
  const rootDir = report.config?.rootDir ?? process.cwd();
  const failures = [];
  const walk = (suite, titles, file) => {
    const here = suite.file ? path.resolve(rootDir, suite.file) : file;
    // The file's own suite is titled with its path: only describe blocks name a test.
    const named = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.[t.results.length - 1];
        failures.push({
          file: here,
          title: [...named, spec.title].join(' > '),
          message: firstLine(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, named, here);
  };
  for (const suite of report.suites ?? []) walk(suite, [], '');
  const fileErrors = (report.errors ?? []).map((e) => ({
    file: e.location?.file ?? rootDir,
    message: firstLine(e.message) || 'failed outside any test (see the output above)',
  }));
  return {
    // A flaky test passed on a retry (the config allows none; counted as passed, and said).
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected + fileErrors.length,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
    fileErrors,
    failures,
  };
}

function firstLine(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean)
      ?.slice(0, 300)
  );
}
