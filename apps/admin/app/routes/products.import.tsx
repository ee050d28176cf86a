import { useState } from 'react';
import { Link } from 'react-router';
import { IMPORT_LIMITS, type AdminImportReport } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/states';
import { errorText } from '../lib/api';
import { CatalogGate } from '../features/catalog/not-allowed';
import { useCheckImport, useImportProgress, useStartImport } from '../features/catalog/import/api';
import { PictureHosts, PictureProgress } from '../features/catalog/import/picture-hosts';
import { ImportReport, IssueList } from '../features/catalog/import/report';

export const meta = () => [{ title: 'Import products · Shop admin' }];

export default function ImportRoute() {
  return (
    <CatalogGate>
      <ImportProducts />
    </CatalogGate>
  );
}

/**
 * Import products from a CSV: choose the file, read the dry run's report (counts, then each
 * error by row and column), start the import, watch its progress, then go to the products.
 */
function ImportProducts() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<AdminImportReport | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const [hosts, setHosts] = useState<string[]>([]);
  const check = useCheckImport();
  const start = useStartImport();
  const progress = useImportProgress(started);
  const toWrite = report ? report.counts.create + report.counts.update : 0;
  const picked = (r: AdminImportReport) => {
    setReport(r);
    setHosts(r.pictures.allowed);
  };

  return (
    <>
      <PageHeader
        title="Import products"
        description="From Shopify’s or WooCommerce’s product export, or this shop’s own. Nothing changes until you press Import."
        action={
          <Link to="/products" className="btn btn-outline">
            All products
          </Link>
        }
      />
      {started === null && (
        <form
          className="card mb-5 flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) check.mutate(file, { onSuccess: picked });
          }}
        >
          <label className="flex-1 text-sm font-medium">
            CSV file
            <input
              type="file"
              accept=".csv,text/csv,text/tab-separated-values"
              className="input mt-1 py-2"
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setReport(null);
                check.reset();
              }}
            />
            <span className="mt-1 block text-xs font-normal text-muted">
              UTF-8, comma, semicolon or tab separated; up to {IMPORT_LIMITS.maxBytes / 1_048_576} MB and{' '}
              {IMPORT_LIMITS.maxRows.toLocaleString('en-IN')} rows.
            </span>
          </label>
          <Button type="submit" variant={report ? 'outline' : 'primary'} isDisabled={!file || check.isPending}>
            {check.isPending ? 'Checking…' : 'Check file'}
          </Button>
        </form>
      )}
      {check.isError && (
        <p role="alert" className="card mb-5 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorText(check.error)}
        </p>
      )}
      {report && started === null && (
        <>
          <ImportReport report={report} />
          <div className="mt-4">
            <PictureHosts pictures={report.pictures} chosen={hosts} onChange={setHosts} />
          </div>
          <div className="mt-5">
            {toWrite > 0 || hosts.length > 0 ? (
              <Button
                variant="primary"
                className="w-full sm:w-auto"
                isDisabled={start.isPending}
                data-testid="import-start"
                onPress={() => start.mutate({ id: report.id, hosts }, { onSuccess: (p) => setStarted(p.id) })}
              >
                {start.isPending ? 'Starting…' : startLabel(toWrite, hosts.length > 0)}
              </Button>
            ) : (
              <p className="text-sm text-muted">Nothing to import: every product is unchanged or has errors.</p>
            )}
            {start.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {errorText(start.error)}
              </p>
            )}
          </div>
        </>
      )}
      {started !== null && <Progress data={progress.data} error={progress.error} />}
    </>
  );
}

function startLabel(products: number, pictures: boolean): string {
  if (products === 0) return 'Fetch the pictures';
  const what = `Import ${products.toLocaleString('en-IN')} ${products === 1 ? 'product' : 'products'}`;
  return pictures ? `${what} and their pictures` : what;
}

function Progress({ data, error }: { data: ReturnType<typeof useImportProgress>['data']; error: unknown }) {
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(error)}
      </p>
    );
  const total = data?.products_total ?? 0;
  const done = data?.products_done ?? 0;
  const finished = (data?.status === 'done' || data?.status === 'failed') && data.pictures.waiting === 0;
  return (
    <section className="card space-y-3 p-4" data-testid="import-progress" aria-live="polite">
      <h2 className="text-base font-semibold">
        {finished
          ? data?.status === 'done'
            ? 'Import finished'
            : 'Import stopped'
          : data?.status === 'done'
            ? 'Fetching pictures…'
            : 'Importing…'}
      </h2>
      <progress className="h-2 w-full accent-brand" max={Math.max(total, 1)} value={done} />
      <p className="text-sm" data-testid="import-progress-text">
        {done.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')} products
        {data ? ` · ${data.changed.toLocaleString('en-IN')} saved` : ''}
        {data?.failed ? ` · ${data.failed.toLocaleString('en-IN')} could not be saved` : ''}
      </p>
      {data && <PictureProgress pictures={data.pictures} />}
      {data && data.errors.length > 0 && (
        <IssueList
          issues={data.errors}
          total={data.failed + data.pictures.failed}
          note={
            data.pictures.failed
              ? 'those products or pictures were not saved; a picture can be added on its product'
              : 'those products were not saved'
          }
        />
      )}
      {finished && (
        <Link to="/products" className="btn btn-primary w-full sm:w-auto" data-testid="import-done">
          See the products
        </Link>
      )}
    </section>
  );
}
