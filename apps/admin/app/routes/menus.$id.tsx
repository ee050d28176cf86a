import { Suspense, lazy } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MENU_SLOTS, adminMenusApi } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';

/** The editor (react-aria's drag and drop list, the item form) loads after the screen's frame. */
const MenuEditor = lazy(() => import('../features/menus/editor').then((m) => ({ default: m.MenuEditor })));

export const meta = () => [{ title: 'Edit menu · Shop admin' }];

/** /menus/:id: one menu's items beside the shop in preview mode; the other menus a tap away. */
export default function MenuRoute() {
  const { id = 'main-menu' } = useParams();
  const queryKey = ['menus', id] as const;
  const q = useQuery({
    queryKey,
    queryFn: async () => (await call(adminMenusApi.get, { params: { id } })).data,
  });
  return (
    <>
      <PageHeader
        title={
          !q.data ? 'Edit menu' : q.data.max_depth > 1 ? `${q.data.place} menu` : `${q.data.place}: ${q.data.name}`
        }
        description={q.data?.description}
        inline
        action={
          <Link to="/menus" className="btn btn-quiet">
            All menus
          </Link>
        }
      />
      <nav aria-label="Menus" className="-mt-2 mb-4 flex gap-2 overflow-x-auto pb-1">
        {MENU_SLOTS.map((s) => (
          <NavLink
            key={s.id}
            to={`/menus/${s.id}`}
            className={({ isActive }) =>
              `flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-semibold ${isActive ? 'border-stone-800 bg-stone-800 text-white' : 'border-line bg-white text-ink hover:bg-stone-50'}`
            }
          >
            {s.place}
          </NavLink>
        ))}
      </nav>
      {q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading label="Loading the menu…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <MenuEditor key={id} menu={q.data} queryKey={queryKey} />
        </Suspense>
      )}
    </>
  );
}
