import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminPagesApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (Tiptap and its ProseMirror) loads after the screen's frame. */
const PageEditor = lazy(() => import('../features/pages/editor').then((m) => ({ default: m.PageEditor })));

export const meta = () => [{ title: 'Edit page · Shop admin' }];

/** /pages/:id (or /pages/new): a page's text, address, SEO fields and status beside its preview. */
export default function PageRoute() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const q = useQuery({
    queryKey: ['pages', id],
    queryFn: async () => (await call(adminPagesApi.get, { params: { id: Number(id) } })).data,
    enabled: !isNew,
  });
  return (
    <>
      <PageHeader
        title={isNew ? 'New page' : (q.data?.title ?? 'Edit page')}
        description="The preview shows your changes as you type. Shoppers see the page once it is published."
        inline
        action={
          <Link to="/pages" className="btn btn-quiet">
            All pages
          </Link>
        }
      />
      {!isNew && q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !isNew && !q.data ? (
        <Loading label="Loading the page…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <PageEditor key={id} page={isNew ? null : q.data!} />
        </Suspense>
      )}
    </>
  );
}
