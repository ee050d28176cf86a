import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ORDER_STATUS_LABELS, type AdminCustomer } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Failed, Loading } from '../components/ui/states';
import { fullName } from '../features/customers/customer-card';
import { useCustomer } from '../features/customers/queries';
import { StatusPill } from '../features/orders/status-pill';
import { formatDay, formatWhen } from '../lib/format';

// The dialog and the form (react-aria's modal, react-hook-form) load apart, keeping the page light (ADR 0034).
const BlockDialog = lazy(() => import('../features/customers/block-dialog').then((m) => ({ default: m.BlockDialog })));
const NoteForm = lazy(() => import('../features/customers/note-form').then((m) => ({ default: m.NoteForm })));

export const meta = () => [{ title: 'Customer · Shop admin' }];

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="card p-4 sm:p-5" data-testid={testId}>
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Orders({ c }: { c: AdminCustomer }) {
  if (c.recent_orders.length === 0) return <p className="text-sm text-muted">No orders yet.</p>;
  return (
    <ul className="-mx-4 divide-y divide-line sm:-mx-5">
      {c.recent_orders.map((o) => (
        <li key={o.id}>
          <Link
            to={`/orders/${encodeURIComponent(o.id)}`}
            className="grid min-h-14 grid-cols-[1fr_auto] gap-x-3 px-4 py-2.5 hover:bg-stone-50 sm:px-5"
          >
            <span className="font-medium">{o.order_no}</span>
            <span className="text-right font-medium tabular-nums">{o.grand_total.formatted}</span>
            <span className="text-sm text-muted">{formatWhen(o.created_at)}</span>
            <span className="text-right">
              <StatusPill status={o.status} label={ORDER_STATUS_LABELS[o.status]} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Addresses({ c }: { c: AdminCustomer }) {
  if (c.addresses.length === 0) return <p className="text-sm text-muted">No saved addresses.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {c.addresses.map((a) => (
        <li key={a.id} className="rounded-xl border border-line p-3 text-sm break-words">
          <p className="font-medium">
            {a.first_name} {a.last_name}
            {a.default && <span className="ml-2 text-xs font-normal text-muted">default {a.address_type}</span>}
          </p>
          <p>{[a.address_line_1, a.address_line_2, a.landmark].filter(Boolean).join(', ')}</p>
          <p>
            {a.city} {a.postcode}
            {a.state ? `, ${a.state.name}` : ''}, {a.country.name}
          </p>
          <p className="text-muted">{a.phone}</p>
        </li>
      ))}
    </ul>
  );
}

/** A customer: who they are, their orders, addresses, staff notes, and blocking sign-in. */
export default function CustomerPage() {
  const id = Number(useParams().id);
  const q = useCustomer(id);
  const [confirm, setConfirm] = useState(false);
  if (q.isPending) return <Loading label="Loading the customer…" />;
  if (q.isError) return <Failed error={q.error} retry={() => q.refetch()} />;
  const c = q.data;
  const blocked = c.blocked_at !== null;
  return (
    <div className="space-y-4" data-testid="customer-page">
      <Link to="/customers" className="text-sm text-muted hover:text-ink">
        ← Customers
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{fullName(c)}</h1>
          <p className="mt-1 text-sm break-words text-muted">{[c.phone, c.email].filter(Boolean).join(' · ')}</p>
          <p className="text-sm text-muted">
            Customer since {formatDay(c.created_at)} · {c.orders_count} {c.orders_count === 1 ? 'order' : 'orders'}
            {c.total_spent.length > 0 && ` · ${c.total_spent.map((m) => m.formatted).join(' + ')} spent`}
          </p>
          {blocked && (
            <p
              className="mt-2 inline-block rounded-full bg-red-100 px-3 py-1 text-sm font-medium text-red-800"
              data-testid="blocked"
            >
              Blocked: cannot sign in
            </p>
          )}
        </div>
      </header>
      <Section title="Recent orders" testId="customer-orders">
        <Orders c={c} />
      </Section>
      <Section title="Addresses">
        <Addresses c={c} />
      </Section>
      <Section title="Notes" testId="customer-notes">
        <Suspense fallback={<div className="h-36" />}>
          <NoteForm customer={c} />
        </Suspense>
        {c.notes.length > 0 && (
          <ul className="mt-4 space-y-3">
            {c.notes.map((n) => (
              <li key={n.id} className="rounded-xl bg-stone-50 p-3 text-sm">
                <p className="whitespace-pre-wrap break-words">{n.body}</p>
                <p className="mt-1 text-xs break-all text-muted">
                  {n.author} · {formatWhen(n.created_at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Signing in" testId="customer-sign-in">
        <p className="text-sm text-muted">
          {blocked
            ? `Blocked since ${formatWhen(c.blocked_at)}: they cannot sign in to the shop.`
            : 'Blocking stops them signing in to the shop and ends their open sessions. Their orders stay.'}
        </p>
        <Button
          variant={blocked ? 'primary' : 'danger'}
          onPress={() => setConfirm(true)}
          className="mt-3 w-full sm:w-auto"
        >
          {blocked ? 'Unblock sign-in' : 'Block sign-in'}
        </Button>
      </Section>
      {confirm && (
        <Suspense>
          <BlockDialog customer={c} isOpen onClose={() => setConfirm(false)} />
        </Suspense>
      )}
    </div>
  );
}
