import { IMPORT_FORMAT_LABELS, type AdminImportIssue, type AdminImportReport } from '@shopfront/shared';

const TILES = [
  { key: 'create', label: 'New', tone: 'text-green-700' },
  { key: 'update', label: 'Changed', tone: 'text-brand' },
  { key: 'unchanged', label: 'Unchanged', tone: 'text-muted' },
  { key: 'error', label: 'With errors', tone: 'text-red-700' },
] as const;

/** The dry run's report: the counts first, then every error by row and column. */
export function ImportReport({ report }: { report: AdminImportReport }) {
  return (
    <section className="space-y-4" data-testid="import-report" aria-label="What the import will do">
      <p className="text-sm text-muted">
        <span className="font-medium text-ink">{report.file_name}</span> · {IMPORT_FORMAT_LABELS[report.format]} ·{' '}
        {report.rows.toLocaleString('en-IN')} rows
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {TILES.map((t) => (
          <div key={t.key} className="card px-4 py-3" data-testid={`import-count-${t.key}`}>
            <dt className="text-xs text-muted">{t.label}</dt>
            <dd className={`text-2xl font-semibold ${t.tone}`}>{report.counts[t.key].toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {report.imported_before && (
        <p className="card border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          This exact file was imported on {new Date(report.imported_before).toLocaleString('en-IN')}. Importing it again
          changes only what was edited in the shop since.
        </p>
      )}
      {report.errors_total > 0 && <IssueList issues={report.errors} total={report.errors_total} />}
    </section>
  );
}

/** Errors as a list (row, column, message): readable on a phone, where a table would not fit. */
export function IssueList({
  issues,
  total,
  note = 'those products are skipped; fix the file and check it again',
}: {
  issues: AdminImportIssue[];
  total: number;
  note?: string;
}) {
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold">
        {total === 1 ? '1 error' : `${total.toLocaleString('en-IN')} errors`}
        <span className="font-normal text-muted"> — {note}</span>
      </h2>
      <ol className="card divide-y divide-line text-sm" data-testid="import-errors">
        {issues.map((e, i) => (
          <li key={i} className="flex flex-col gap-0.5 px-4 py-2 sm:flex-row sm:gap-3">
            <span className="shrink-0 font-medium tabular-nums sm:w-56">
              Row {e.row}
              {e.column && <span className="font-normal text-muted"> · {e.column}</span>}
            </span>
            <span>{e.message}</span>
          </li>
        ))}
      </ol>
      {total > issues.length && (
        <p className="mt-2 text-sm text-muted">The first {issues.length.toLocaleString('en-IN')} are shown.</p>
      )}
    </div>
  );
}
