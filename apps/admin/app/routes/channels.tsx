import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import type { AdminChannel, AdminChannelList } from '@shopfront/shared';
import { AreaGate } from '../components/ui/area-gate';
import { Button } from '../components/ui/button';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { useAdminChannels } from '../features/channels/queries';
import { counted } from '../lib/format';

/** The sheets (react-hook-form, the fields) load with the first one opened (ADR 0034). */
const ChannelSheet = lazy(() => import('../features/channels/channel-sheet'));
const DeleteChannel = lazy(() =>
  import('../features/channels/channel-sheet').then((m) => ({ default: m.DeleteChannel })),
);

export const meta = () => [{ title: 'Channels · Shop admin' }];

export default function ChannelsRoute() {
  return (
    <AreaGate area="settings" what="Channels">
      <Channels />
    </AreaGate>
  );
}

type Editing = { kind: 'edit'; channel: AdminChannel | null } | { kind: 'delete'; channel: AdminChannel } | null;

/**
 * Channels (issue 28): the stores a shopper can pick, each a country and a currency (ADR 0027).
 * Cards in one column (the storefront's own first); add and edit in a sheet; delete asks first
 * and shows the server's reason when it refuses.
 */
function Channels() {
  const channels = useAdminChannels();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const data = channels.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Channels"
        description="Each channel sells in one country and currency, with prices of its own. Which one shoppers start in, and whether they may switch, is under Settings."
        action={
          <Button
            variant="primary"
            className="min-h-11"
            onPress={() => setEditing({ kind: 'edit', channel: null })}
            data-testid="new-channel"
          >
            Add channel
          </Button>
        }
      />
      {channels.isPending ? (
        <Loading label="Loading channels…" />
      ) : channels.isError ? (
        <Failed error={channels.error} retry={() => void channels.refetch()} />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Channels" data-testid="channels">
            {data!.channels.map((c) => (
              <ChannelCard key={c.id} channel={c} edit={setEditing} />
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            <Link to="/settings/channels" className="font-medium underline underline-offset-2">
              Default channel and the store picker
            </Link>{' '}
            · prices per channel are set in each product.
          </p>
        </>
      )}
      {data && editing && (
        <Suspense fallback={null}>
          {editing.kind === 'edit' ? (
            <ChannelSheet channel={editing.channel} list={data satisfies AdminChannelList} onClose={close} />
          ) : (
            <DeleteChannel
              channel={editing.channel}
              defaultName={data.channels.find((c) => c.is_default)?.name ?? null}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-800">{children}</span>;
}

function ChannelCard({ channel: c, edit }: { channel: AdminChannel; edit: (e: Editing) => void }) {
  return (
    <li className="card p-4" data-testid="channel-card" data-channel={c.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 break-words text-lg font-semibold">{c.name}</h2>
            {c.is_storefront && <Badge>Storefront</Badge>}
            {c.is_default && <Badge>Default</Badge>}
          </div>
          <p className="text-sm">
            <span className="font-medium tabular-nums">{c.currency_code}</span> · {c.country.name}
          </p>
          <p className="text-sm text-muted" data-testid="channel-counts">
            {c.products === 0 ? 'No products priced' : `${counted(c.products, 'product')} priced`} ·{' '}
            {counted(c.orders, 'order')}
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button className="min-h-11" onPress={() => edit({ kind: 'edit', channel: c })} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button
            variant="danger"
            className="min-h-11"
            onPress={() => edit({ kind: 'delete', channel: c })}
            aria-label={`Delete ${c.name}`}
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
