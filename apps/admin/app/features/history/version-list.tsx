import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Failed, Loading } from '../../components/ui/states';
import { versionDate } from './version-date';

/** One kept version as the list shows it. */
export interface VersionEntry {
  id: number;
  published_at: string;
  /** Who saved it; null for what the subject was before the first save kept here. */
  published_by: string | null;
  /** What tells it apart: a title, "3 sections", "5 items", colours. */
  detail: string;
}

/**
 * The kept versions of what an editor edits, newest first (issue 28's "every publish is a
 * version"): each can be shown in the preview (nothing changes) and restored into the editor
 * (then published as a new version). A full-width card with big buttons: usable one-handed.
 */
export function VersionList({
  queryKey,
  fetch,
  title = 'Published versions',
  previewing,
  onPreview,
  onRestore,
  busy,
  onClose,
}: {
  queryKey: readonly unknown[];
  fetch: () => Promise<VersionEntry[]>;
  title?: string;
  /** The id shown in the preview, or null. */
  previewing: number | null;
  onPreview: (v: VersionEntry) => void;
  onRestore: (v: VersionEntry) => void;
  busy: boolean;
  onClose: () => void;
}) {
  const q = useQuery({ queryKey, queryFn: fetch });
  return (
    <section className="card flex flex-col gap-3 p-4" aria-label={title} data-testid="history">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{title}</h2>
        <Button variant="quiet" onPress={onClose} data-testid="close-history">
          Close
        </Button>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : q.data.length === 0 ? (
        <p className="text-sm text-muted">Nothing published from here yet. Each publish is kept here.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {q.data.map((v, i) => (
            <li
              key={v.id}
              className={`flex flex-wrap items-center gap-2 rounded-xl border px-3 py-2 ${previewing === v.id ? 'border-stone-800 bg-stone-50' : 'border-line'}`}
              data-testid={`version-${i}`}
            >
              <span className="min-w-0 flex-1 basis-48 text-sm">
                <span className="block font-semibold">
                  {versionDate(v.published_at)}
                  {i === 0 && <span className="ml-2 text-xs font-medium text-emerald-800">Live</span>}
                </span>
                <span className="block break-words text-xs text-muted">
                  {v.published_by ? `By ${v.published_by}` : 'Before the first publish from here'} · {v.detail}
                </span>
              </span>
              <span className="flex gap-2 max-sm:w-full max-sm:[&>*]:flex-1">
                <Button variant="quiet" onPress={() => onPreview(v)} data-testid={`preview-version-${i}`}>
                  Preview
                </Button>
                <Button isDisabled={busy} onPress={() => onRestore(v)} data-testid={`restore-version-${i}`}>
                  Restore
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
