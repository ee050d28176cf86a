import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminFaqsApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (react-aria's drag and drop list, the question form) loads after the screen's frame. */
const FaqEditor = lazy(() => import('../features/faqs/editor').then((m) => ({ default: m.FaqEditor })));

export const meta = () => [{ title: 'Edit FAQ · Shop admin' }];

/** /faqs/:id: one FAQ group's title and questions. */
export default function FaqRoute() {
  const { id = '' } = useParams();
  const queryKey = ['faqs', id] as const;
  const q = useQuery({ queryKey, queryFn: async () => (await call(adminFaqsApi.get, { params: { id } })).data });
  return (
    <>
      <PageHeader
        title={q.data?.title ?? 'Edit FAQ'}
        inline
        action={
          <Link to="/faqs" className="btn btn-quiet">
            All FAQs
          </Link>
        }
      />
      {q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading label="Loading the questions…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <FaqEditor key={id} faq={q.data} queryKey={queryKey} />
        </Suspense>
      )}
    </>
  );
}
