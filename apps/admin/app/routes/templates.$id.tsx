import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminTemplatesApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (react-aria's drag and drop list, the section forms) loads after the screen's frame. */
const TemplateEditor = lazy(() => import('../features/templates/editor').then((m) => ({ default: m.TemplateEditor })));

export const meta = () => [{ title: 'Edit page · Shop admin' }];

/** /templates/:id: one template's sections beside the page in preview mode. */
export default function TemplateRoute() {
  const { id = 'home' } = useParams();
  const queryKey = ['templates', id] as const;
  const q = useQuery({
    queryKey,
    queryFn: async () => (await call(adminTemplatesApi.get, { params: { id } })).data,
  });
  return (
    <>
      <PageHeader
        title={q.data?.name ?? 'Edit page'}
        description={
          q.data?.path
            ? `Changes show in the preview of ${q.data.path} as you make them. Shoppers see nothing until you publish.`
            : undefined
        }
        inline
        action={
          <Link to="/templates" className="btn btn-quiet">
            All templates
          </Link>
        }
      />
      {q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading label="Loading the page…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <TemplateEditor key={id} template={q.data} queryKey={queryKey} />
        </Suspense>
      )}
    </>
  );
}
