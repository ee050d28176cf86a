import { Suspense, lazy, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'react-aria-components';
import { adminApi, type StaffAccount } from '@shopfront/shared';
import { STAFF_ROLE_CHOICES } from '../lib/nav';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { Button } from '../components/ui/button';
import { AddStaff } from '../features/staff/add-staff';
import { RolePicker } from '../features/staff/role-picker';
import { useMe } from '../features/auth/me';
import { call, errorText } from '../lib/api';
import { formatWhen } from '../lib/format';
import { useListKeys } from '../lib/use-list-keys';
import { failure } from '../lib/toast';
import { savedToast } from '../lib/undo';

const RenameStaffDialog = lazy(() => import('../features/staff/rename-staff-dialog'));

export const meta = () => [{ title: 'Staff · Shop admin' }];
export const STAFF_KEY = ['staff'];

type Change = Partial<Pick<StaffAccount, 'role' | 'is_active'>>;

/** Staff accounts (owner only): add someone, rename them, change a role, deactivate or reactivate. */
export default function Staff() {
  const me = useMe().data!;
  const qc = useQueryClient();
  const q = useQuery({ queryKey: STAFF_KEY, queryFn: async () => (await call(adminApi.listStaff)).data });
  const update = useMutation({
    mutationFn: ({ who, change }: { who: StaffAccount; change: Change }) =>
      call(adminApi.updateStaff, { params: { id: who.id }, body: change }),
    onSuccess: ({ message, undo }, { who }) => {
      void qc.invalidateQueries({ queryKey: STAFF_KEY });
      // Undo puts back what the server logged (refused if someone changed it since).
      savedToast(qc, message ?? 'Staff member updated', { description: who.name, offer: undo, refresh: [STAFF_KEY] });
    },
    onError: (err) => void failure(errorText(err)),
  });
  const [renaming, setRenaming] = useState<StaffAccount | null>(null);
  const staff = q.data ?? [];
  const [current] = useListKeys(staff.length);
  return (
    <>
      <PageHeader title="Staff" description="Who can sign in to this panel, and as what." action={<AddStaff />} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : staff.length === 0 ? (
        <Empty title="No staff yet" />
      ) : (
        <ul className="card divide-y divide-line" data-testid="staff-list">
          {staff.map((s, i) => (
            <li
              key={s.id}
              data-list-index={i}
              aria-current={current === i || undefined}
              className="grid gap-3 px-4 py-4 aria-[current]:bg-stone-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:px-5"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {s.name}
                  {s.id === me.id && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
                </p>
                <p className="text-sm break-all text-muted">{s.email}</p>
                <p className="text-xs text-muted">Last sign-in: {formatWhen(s.last_login_at)}</p>
                <Button variant="quiet" className="-ml-3" onPress={() => setRenaming(s)} aria-haspopup="dialog">
                  Rename<span className="sr-only"> {s.name}</span>
                </Button>
              </div>
              <div className="flex items-center justify-between gap-4 sm:contents">
                <RolePicker
                  label={`Role of ${s.name}`}
                  value={s.role}
                  roles={STAFF_ROLE_CHOICES}
                  isDisabled={update.isPending}
                  onChange={(role) => role !== s.role && update.mutate({ who: s, change: { role } })}
                />
                <Switch
                  isSelected={s.is_active}
                  isDisabled={update.isPending}
                  onChange={(on) => update.mutate({ who: s, change: { is_active: on } })}
                  className="group flex min-h-11 items-center gap-2 text-sm"
                >
                  <span className="flex h-6 w-10 items-center rounded-full bg-stone-300 px-0.5 transition-colors group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand group-data-[selected]:bg-emerald-600">
                    <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-4" />
                  </span>
                  <span>{s.is_active ? 'Active' : 'Deactivated'}</span>
                  <span className="sr-only">: {s.name}</span>
                </Switch>
              </div>
            </li>
          ))}
        </ul>
      )}
      {renaming && (
        <Suspense fallback={null}>
          <RenameStaffDialog who={renaming} onClose={() => setRenaming(null)} />
        </Suspense>
      )}
    </>
  );
}
