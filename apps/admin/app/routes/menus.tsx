import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminMenusApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

export const meta = () => [{ title: 'Menus · Shop admin' }];

const menusQuery = {
  queryKey: ['menus'] as const,
  queryFn: async () => (await call(adminMenusApi.list)).data.menus,
};

/** The storefront's menus (the header's, the footer's columns), each opening its editor with live preview (issue 28). */
export default function Menus() {
  const q = useQuery(menusQuery);
  return (
    <>
      <PageHeader
        title="Menus"
        description="The links in the shop’s header and footer. Edit them beside a preview of the shop; a saved menu shows to shoppers at once."
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : (
        <ul className="card divide-y divide-line" data-testid="menu-list">
          {q.data.map((m) => (
            <li key={m.id}>
              <Link
                to={`/menus/${m.id}`}
                className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                data-testid={`menu-${m.id}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">
                    {m.place}
                    {m.max_depth === 1 && <span className="font-normal text-muted"> · “{m.name}”</span>}
                  </span>
                  <span className="block text-sm text-muted">
                    {m.description} · {m.item_count} item{m.item_count === 1 ? '' : 's'}
                  </span>
                </span>
                <span aria-hidden="true" className="text-muted">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
