import type { AdminImportProgress, AdminImportReport } from '@shopfront/shared';

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * The file's picture hosts, one checkbox each ("Pictures: 412 from cdn.shopify.com"): only the
 * ticked hosts are fetched from. Those allowed last time come ticked.
 */
export function PictureHosts({
  pictures,
  chosen,
  onChange,
}: {
  pictures: AdminImportReport['pictures'];
  chosen: readonly string[];
  onChange: (hosts: string[]) => void;
}) {
  if (pictures.urls === 0) return null;
  const other = pictures.urls - pictures.hosts.reduce((n, h) => n + h.pictures, 0);
  return (
    <fieldset className="card space-y-2 p-4" data-testid="import-picture-hosts">
      <legend className="sr-only">Pictures to fetch</legend>
      <h2 className="text-base font-semibold">Pictures</h2>
      <p className="text-sm text-muted">
        Tick the sites you trust: their pictures are downloaded onto the products after the import. Pictures from sites
        not ticked are left out.
      </p>
      <ul className="space-y-2">
        {pictures.hosts.map((h) => {
          const on = chosen.includes(h.host);
          return (
            <li key={h.host}>
              <label
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm ${on ? 'border-brand bg-stone-100' : 'border-line'}`}
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0"
                  checked={on}
                  data-testid="import-picture-host"
                  value={h.host}
                  onChange={() => onChange(on ? chosen.filter((x) => x !== h.host) : [...chosen, h.host])}
                />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">
                    {count(h.pictures)} {h.pictures === 1 ? 'picture' : 'pictures'}
                  </span>{' '}
                  from <span className="break-all">{h.host}</span>
                </span>
                <span className="shrink-0 text-muted">{on ? 'fetch' : 'skip'}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {other > 0 && (
        <p className="text-sm text-muted">
          {count(other)} {other === 1 ? 'link is' : 'links are'} not a web address and will be skipped.
        </p>
      )}
    </fieldset>
  );
}

/** The pictures' line of the progress: fetched, failed, waiting. */
export function PictureProgress({ pictures }: { pictures: AdminImportProgress['pictures'] }) {
  if (pictures.total === 0) return null;
  return (
    <div className="space-y-1" data-testid="import-picture-progress">
      <progress
        className="h-2 w-full accent-brand"
        max={pictures.total}
        value={pictures.fetched + pictures.failed}
        aria-label="Pictures"
      />
      <p className="text-sm">
        Pictures: {count(pictures.fetched)} fetched
        {pictures.failed ? ` · ${count(pictures.failed)} could not be fetched` : ''}
        {pictures.waiting ? ` · ${count(pictures.waiting)} waiting` : ''}
      </p>
    </div>
  );
}
