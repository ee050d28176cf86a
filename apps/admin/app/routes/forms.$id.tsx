import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminFormsApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (react-aria's drag and drop list, the field form) loads after the screen's frame. */
const FormEditor = lazy(() => import('../features/forms/editor').then((m) => ({ default: m.FormEditor })));

export const meta = () => [{ title: 'Edit form · Shop admin' }];

/** /forms/:id: one form's fields, texts and where its submissions go. */
export default function FormRoute() {
  const { id = '' } = useParams();
  const queryKey = ['forms', id] as const;
  const q = useQuery({ queryKey, queryFn: async () => (await call(adminFormsApi.get, { params: { id } })).data });
  return (
    <>
      <PageHeader
        title={q.data?.name ?? 'Edit form'}
        inline
        action={
          <Link to="/forms" className="btn btn-quiet">
            All forms
          </Link>
        }
      />
      {q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading label="Loading the form…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <FormEditor key={id} form={q.data} queryKey={queryKey} />
        </Suspense>
      )}
    </>
  );
}
