import { useQuery } from '@tanstack/react-query';
import { adminMenusApi } from '@shopfront/shared';
import { LinkRow } from '../components/ui/link-row';
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
            <LinkRow
              key={m.id}
              to={`/menus/${m.id}`}
              testId={`menu-${m.id}`}
              truncate={false}
              title={
                <>
                  {m.place}
                  {m.max_depth === 1 && <span className="font-normal text-muted"> · “{m.name}”</span>}
                </>
              }
              detail={`${m.description} · ${m.item_count} item${m.item_count === 1 ? '' : 's'}`}
            />
          ))}
        </ul>
      )}
    </>
  );
}
