import { Suspense, lazy, useState } from 'react';
import type { AdminShipping, AdminShippingMethod, AdminShippingZone } from '@shopfront/shared';
import { AreaGate } from '../components/ui/area-gate';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { formatMoney } from '../features/catalog/money';
import { counted } from '../lib/format';
import { Sheet, SheetButtons } from '../features/orders/sheet';
import { moved, useDeleteZone, useReorder, useShipping } from '../features/shipping/queries';

/** The editors load with the first one opened (ADR 0034). */
const ZoneEditor = lazy(() => import('../features/shipping/editors').then((m) => ({ default: m.ZoneEditor })));
const MethodEditor = lazy(() => import('../features/shipping/editors').then((m) => ({ default: m.MethodEditor })));

export const meta = () => [{ title: 'Shipping · Shop admin' }];

export default function ShippingRoute() {
  return (
    <AreaGate area="settings" what="Shipping">
      <Shipping />
    </AreaGate>
  );
}

type Editing =
  | { kind: 'zone'; zone: AdminShippingZone | null }
  | { kind: 'method'; method: AdminShippingMethod | null; zoneId: number | null }
  | { kind: 'delete'; zone: AdminShippingZone }
  | null;

/**
 * Shipping (issue 26): the zones as cards in the order addresses are matched, each with its
 * methods; Earlier / Later buttons (no dragging), edits in a sheet. The cart, the checkout and
 * the pincode check follow each save at once.
 */
function Shipping() {
  const shipping = useShipping();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const data = shipping.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Shipping"
        description="Where you deliver, at what rate and in how many days. An address gets the first zone that covers it."
        action={
          <Button variant="primary" onPress={() => setEditing({ kind: 'zone', zone: null })} data-testid="new-zone">
            New zone
          </Button>
        }
      />
      {shipping.isPending ? (
        <Loading label="Loading shipping…" />
      ) : shipping.isError ? (
        <Failed error={shipping.error} retry={() => shipping.refetch()} />
      ) : data!.zones.length === 0 ? (
        <Empty title="No shipping zones yet">
          Add a zone for the places you deliver to; shoppers elsewhere cannot order.
        </Empty>
      ) : (
        <ol className="space-y-4" data-testid="zones">
          {data!.zones.map((z, i) => (
            <ZoneCard key={z.id} zone={z} index={i} shipping={data!} edit={setEditing} />
          ))}
          <EveryZone shipping={data!} edit={setEditing} />
        </ol>
      )}
      {data && editing && editing.kind !== 'delete' && (
        <Suspense fallback={null}>
          {editing.kind === 'zone' ? (
            <ZoneEditor zone={editing.zone} shipping={data} onClose={close} />
          ) : (
            <MethodEditor method={editing.method} zoneId={editing.zoneId} shipping={data} onClose={close} />
          )}
        </Suspense>
      )}
      {editing?.kind === 'delete' && <DeleteZone zone={editing.zone} onClose={close} />}
    </div>
  );
}

function where(zone: AdminShippingZone, shipping: AdminShipping): string {
  const country = shipping.countries.find((c) => c.id === zone.country_id);
  const states = zone.state_ids
    .map((id) => country?.states.find((s) => s.id === id)?.name)
    .filter(Boolean)
    .join(', ');
  const place = states ? `${states} (${country?.name ?? ''})` : (country?.name ?? '');
  return zone.postcodes ? `${place}: postcodes ${zone.postcodes}` : `All of ${place}`;
}

const daysText = (min: number, max: number) => (min === max ? counted(min, 'day') : `${min}–${max} days`);

/** Earlier / Later: big buttons, the one at an end disabled. */
function MoveButtons({
  label,
  index,
  count,
  move,
}: {
  label: string;
  index: number;
  count: number;
  move: (by: -1 | 1) => void;
}) {
  return (
    <span className="contents sm:flex sm:gap-2">
      <Button
        className="min-h-11 px-3"
        isDisabled={index === 0}
        onPress={() => move(-1)}
        aria-label={`Move ${label} earlier`}
      >
        Earlier
      </Button>
      <Button
        className="min-h-11 px-3"
        isDisabled={index === count - 1}
        onPress={() => move(1)}
        aria-label={`Move ${label} later`}
      >
        Later
      </Button>
    </span>
  );
}

function ZoneCard({
  zone,
  index,
  shipping,
  edit,
}: {
  zone: AdminShippingZone;
  index: number;
  shipping: AdminShipping;
  edit: (e: Editing) => void;
}) {
  const reorder = useReorder();
  const ids = shipping.zones.map((z) => z.id);
  return (
    <li className="card overflow-hidden" data-testid="zone-card" data-zone={zone.name}>
      <div className="space-y-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 break-words text-lg font-semibold">
            <span className="mr-2 text-muted tabular-nums">{index + 1}.</span>
            {zone.name}
          </h2>
          {!zone.is_active && <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium">Off</span>}
        </div>
        <p className="break-words text-sm text-muted">{where(zone, shipping)}</p>
        <p className="text-sm">
          {daysText(zone.delivery_days_min, zone.delivery_days_max)} ·{' '}
          <span data-testid="zone-cod-text">
            {zone.cod_available
              ? `Cash on Delivery${zone.cod_fee_minor ? ` (+${formatMoney(zone.cod_fee_minor, zone.currency)})` : ''}`
              : 'No Cash on Delivery'}
          </span>
        </p>
        <div className="grid grid-cols-2 gap-2 pt-1 sm:flex sm:flex-wrap">
          <Button className="min-h-11" onPress={() => edit({ kind: 'zone', zone })} data-testid="edit-zone">
            Edit zone
          </Button>
          <Button
            variant="danger"
            className="min-h-11 sm:order-last"
            onPress={() => edit({ kind: 'delete', zone })}
            data-testid="delete-zone"
          >
            Delete
          </Button>
          <MoveButtons
            label={zone.name}
            index={index}
            count={ids.length}
            move={(by) => {
              const next = moved(ids, index, by);
              if (next) reorder.mutate({ kind: 'zones', ids: next });
            }}
          />
        </div>
      </div>
      <Methods methods={zone.methods} zoneId={zone.id} currency={zone.currency} edit={edit} />
    </li>
  );
}

/** The methods offered in every zone (after each zone's own). */
function EveryZone({ shipping, edit }: { shipping: AdminShipping; edit: (e: Editing) => void }) {
  return (
    <li className="card overflow-hidden" data-testid="every-zone">
      <div className="p-4">
        <h2 className="text-lg font-semibold">Every zone</h2>
        <p className="text-sm text-muted">Methods offered wherever a zone delivers, after the zone’s own.</p>
      </div>
      <Methods methods={shipping.every_zone_methods} zoneId={null} currency={shipping.currency} edit={edit} />
    </li>
  );
}

function Methods({
  methods,
  zoneId,
  currency,
  edit,
}: {
  methods: AdminShippingMethod[];
  zoneId: number | null;
  currency: string;
  edit: (e: Editing) => void;
}) {
  const reorder = useReorder();
  const codes = methods.map((m) => m.code);
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div className="border-t border-line bg-stone-50/60">
      <ul className="divide-y divide-line">
        {methods.map((m, i) => (
          <li
            key={m.code}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
            data-testid="method-row"
          >
            <button
              type="button"
              className="min-h-11 min-w-0 flex-1 text-left"
              onClick={() => edit({ kind: 'method', method: m, zoneId })}
              data-testid="edit-method"
              data-method={m.code}
            >
              <span className="block font-medium">
                {m.name}
                {!m.is_active && <span className="ml-2 text-xs font-normal text-muted">(off)</span>}
              </span>
              <span className="block text-sm text-muted" data-testid="method-price-text">
                {m.price_minor === 0 ? 'Free' : money(m.price_minor)}
                {m.free_over_minor !== null && ` · free from ${money(m.free_over_minor)}`}
                {m.delivery_days_min !== null &&
                  m.delivery_days_max !== null &&
                  ` · ${daysText(m.delivery_days_min, m.delivery_days_max)}`}
              </span>
            </button>
            {methods.length > 1 && (
              <div className="grid grid-cols-2 gap-2 sm:flex">
                <MoveButtons
                  label={m.name}
                  index={i}
                  count={methods.length}
                  move={(by) => {
                    const next = moved(codes, i, by);
                    if (next) reorder.mutate({ kind: 'methods', zone_id: zoneId, codes: next });
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="px-4 py-3">
        <Button
          className="min-h-11 w-full sm:w-auto"
          onPress={() => edit({ kind: 'method', method: null, zoneId })}
          data-testid="new-method"
        >
          Add a method
        </Button>
      </div>
    </div>
  );
}

/** Asks first, saying how many methods go with the zone. */
function DeleteZone({ zone, onClose }: { zone: AdminShippingZone; onClose: () => void }) {
  const del = useDeleteZone(onClose);
  const n = zone.methods.length;
  return (
    <Sheet title={`Delete ${zone.name}?`} isOpen onClose={onClose} testId="delete-zone-dialog">
      <p className="text-sm">
        {n === 0
          ? 'It has no methods of its own.'
          : `Its ${n} ${n === 1 ? 'method goes' : 'methods go'} with it: ${zone.methods.map((m) => m.name).join(', ')}.`}{' '}
        Addresses it served get the next zone that covers them, or none.
      </p>
      <SheetButtons>
        <Button onPress={onClose}>Keep it</Button>
        <Button
          variant="danger"
          isDisabled={del.isPending}
          onPress={() => del.mutate(zone)}
          data-testid="confirm-delete-zone"
        >
          Delete zone
        </Button>
      </SheetButtons>
    </Sheet>
  );
}
