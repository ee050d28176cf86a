import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Failed, Loading, PageHeader } from '../../components/ui/states';
import type { ContentEditor as Editor } from './editor';
import type { ContentKind, ContentRecord } from './kinds';

/** The editor (Tiptap and its ProseMirror) loads after the screen's frame (lazy keeps no generics). */
const ContentEditor = lazy(() =>
  import('./editor').then((m) => ({ default: m.ContentEditor })),
) as unknown as typeof Editor;

/**
 * /pages/:id and /blog/:id (`new` for a new one): the record and the shop's time zone (which the
 * list answers, usually already loaded by the list screen), then the shared editor.
 */
export function ContentEditorRoute<T extends ContentRecord>({
  kind,
  words,
  timeZone,
}: {
  kind: ContentKind<T>;
  words: { new: string; edit: string; all: string; description: string; loading: string };
  /** The list query that answers the shop's time zone. */
  timeZone: { queryKey: readonly unknown[]; queryFn: () => Promise<string> };
}) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const q = useQuery({
    queryKey: [kind.queryKey, id],
    queryFn: () => kind.load(Number(id)),
    enabled: !isNew,
  });
  const zone = useQuery({ queryKey: timeZone.queryKey, queryFn: timeZone.queryFn, staleTime: 60 * 60_000 });
  const failed = (!isNew && q.isError ? q : null) ?? (zone.isError ? zone : null);
  return (
    <>
      <PageHeader
        title={isNew ? words.new : (q.data?.title ?? words.edit)}
        description={words.description}
        inline
        action={
          <Link to={kind.listPath} className="btn btn-quiet whitespace-nowrap">
            {words.all}
          </Link>
        }
      />
      {failed ? (
        <Failed error={failed.error} retry={() => failed.refetch()} />
      ) : (!isNew && !q.data) || !zone.data ? (
        <Loading label={words.loading} />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <ContentEditor key={id} kind={kind} record={isNew ? null : q.data!} timeZone={zone.data} />
        </Suspense>
      )}
    </>
  );
}
