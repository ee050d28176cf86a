import { useQuery } from '@tanstack/react-query';
import { adminTemplatesApi, type AdminTemplateVersionRow } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { Failed, Loading } from '../../components/ui/states';
import { call } from '../../lib/api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The template's published versions, newest first: each can be shown in the preview (nothing
 * changes) and restored into the draft (then published as a new version).
 */
export function History({
  id,
  previewing,
  onPreview,
  onRestore,
  busy,
  onClose,
}: {
  id: string;
  previewing: number | null;
  onPreview: (v: AdminTemplateVersionRow) => void;
  onRestore: (v: AdminTemplateVersionRow) => void;
  busy: boolean;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: ['templates', id, 'versions'],
    queryFn: async () => (await call(adminTemplatesApi.versions, { params: { id } })).data.versions,
  });
  return (
    <section className="card flex flex-col gap-3 p-4" aria-label="Published versions" data-testid="history">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Published versions</h2>
        <Button variant="quiet" onPress={onClose}>
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
              key={v.version}
              className={`flex flex-wrap items-center gap-2 rounded-xl border px-3 py-2 ${previewing === v.version ? 'border-stone-800 bg-stone-50' : 'border-line'}`}
              data-testid={`version-${i}`}
            >
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold">
                  {when(v.published_at)}
                  {i === 0 && <span className="ml-2 text-xs font-medium text-emerald-800">Live</span>}
                </span>
                <span className="block text-xs text-muted">
                  {v.published_by ? `By ${v.published_by}` : 'Before the first publish from here'} · {v.section_count}{' '}
                  section{v.section_count === 1 ? '' : 's'}
                </span>
              </span>
              <Button variant="quiet" onPress={() => onPreview(v)} data-testid={`preview-version-${i}`}>
                Preview
              </Button>
              <Button isDisabled={busy} onPress={() => onRestore(v)} data-testid={`restore-version-${i}`}>
                Restore
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
