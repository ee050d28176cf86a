import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminSlidersApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (react-aria's drag and drop list, the slide form) loads after the screen's frame. */
const SliderEditor = lazy(() => import('../features/sliders/editor').then((m) => ({ default: m.SliderEditor })));

export const meta = () => [{ title: 'Edit slider · Shop admin' }];

/** /sliders/:id: one slider's name and slides. */
export default function SliderRoute() {
  const { id = '' } = useParams();
  const queryKey = ['sliders', id] as const;
  const q = useQuery({ queryKey, queryFn: async () => (await call(adminSlidersApi.get, { params: { id } })).data });
  return (
    <>
      <PageHeader
        title={q.data?.name ?? 'Edit slider'}
        inline
        action={
          <Link to="/sliders" className="btn btn-quiet">
            All sliders
          </Link>
        }
      />
      {q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading label="Loading the slides…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <SliderEditor key={id} slider={q.data} queryKey={queryKey} />
        </Suspense>
      )}
    </>
  );
}
