import { useState } from 'react';
import { ApiError, adminOrdersApi, type AdminOrderDetail, type AdminShipBody } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { Field, fieldError } from './fields';
import { useOrderAction } from './queries';
import { Sheet, SheetButtons } from './sheet';
import { carrierSuggestions } from './carriers';
import { WaybillScanner, canScan } from './waybill-scanner';

interface ParcelDraft {
  carrier: string;
  waybill: string;
  tracking_url: string;
  /** Quantity of each line (by item id) in this parcel. */
  qty: Record<number, number>;
}

const emptyParcel = (carrier = ''): ParcelDraft => ({ carrier, waybill: '', tracking_url: '', qty: {} });

/**
 * Ship an order: carrier, waybill (typed, or scanned with the camera where the browser can),
 * tracking address; more than one parcel when the order goes in several, each with its items.
 */
export function ShipDialog({
  order,
  isOpen,
  onClose,
}: {
  order: AdminOrderDetail;
  isOpen: boolean;
  onClose: () => void;
}) {
  const remaining = order.lines
    .map((l) => ({ id: l.id, name: l.name, qty: l.quantity - l.refunded_quantity - l.shipped_quantity }))
    .filter((l) => l.qty > 0);
  const [parcels, setParcels] = useState<ParcelDraft[]>([
    { ...emptyParcel(), qty: Object.fromEntries(remaining.map((l) => [l.id, l.qty])) },
  ]);
  const [scanning, setScanning] = useState<number | null>(null);
  const action = useOrderAction(
    order,
    (body: AdminShipBody, headers) => call(adminOrdersApi.ship, { params: { id: order.id }, body, headers }),
    'Order shipped',
  );
  const errors = action.error instanceof ApiError && action.error.status === 422 ? action.error.errors : undefined;
  const set = (i: number, patch: Partial<ParcelDraft>) =>
    setParcels((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const several = parcels.length > 1;

  const submit = () => {
    const body: AdminShipBody = {
      parcels: parcels.map((p) => ({
        carrier: p.carrier,
        ...(p.waybill.trim() ? { waybill: p.waybill.trim() } : {}),
        tracking_url: p.tracking_url.trim() || null,
        ...(several
          ? {
              lines: Object.entries(p.qty)
                .filter(([, q]) => q > 0)
                .map(([item_id, quantity]) => ({ item_id: Number(item_id), quantity })),
            }
          : {}),
      })),
    };
    action.mutate(body, { onSuccess: onClose });
  };
  const formError =
    errors && !Object.keys(errors).some((k) => k.startsWith('parcels.'))
      ? Object.values(errors)[0]?.[0]
      : errors?.parcels?.[0];

  return (
    <Sheet title={`Ship ${order.order_no}`} isOpen={isOpen} onClose={onClose} testId="ship-dialog">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <datalist id="carriers">
          {carrierSuggestions(order.recent_carriers).map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {parcels.map((p, i) => (
          <fieldset key={i} className="space-y-3 rounded-xl border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{several ? `Parcel ${i + 1}` : 'Parcel'}</legend>
            <Field
              label="Carrier"
              list="carriers"
              value={p.carrier}
              onChange={(e) => set(i, { carrier: e.target.value })}
              error={fieldError(errors, `parcels.${i}.carrier`)}
              autoComplete="off"
              required
            />
            {scanning === i ? (
              <WaybillScanner
                onFound={(code) => {
                  set(i, { waybill: code });
                  setScanning(null);
                }}
                onClose={() => setScanning(null)}
              />
            ) : (
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <Field
                    label="Waybill"
                    value={p.waybill}
                    onChange={(e) => set(i, { waybill: e.target.value })}
                    error={fieldError(errors, `parcels.${i}.waybill`)}
                    description={`No waybill? We track it as ${order.order_no}-${i + 1}.`}
                    autoComplete="off"
                    autoCapitalize="characters"
                  />
                </div>
                {canScan() && (
                  <Button onPress={() => setScanning(i)} className="mb-7">
                    Scan
                  </Button>
                )}
              </div>
            )}
            <Field
              label="Tracking link (optional)"
              type="url"
              inputMode="url"
              value={p.tracking_url}
              onChange={(e) => set(i, { tracking_url: e.target.value })}
              error={fieldError(errors, `parcels.${i}.tracking_url`)}
              placeholder="https://"
            />
            {several && (
              <div className="space-y-2">
                <p className="text-sm font-medium">Items in this parcel</p>
                {remaining.map((l) => (
                  <label key={l.id} className="flex items-center justify-between gap-3 text-sm">
                    <span className="min-w-0 flex-1">{l.name}</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.qty}
                      className="input w-20"
                      value={p.qty[l.id] ?? 0}
                      aria-label={`${l.name}, quantity in parcel ${i + 1}`}
                      onChange={(e) => set(i, { qty: { ...p.qty, [l.id]: Math.max(0, Number(e.target.value) || 0) } })}
                    />
                  </label>
                ))}
                {fieldError(errors, `parcels.${i}.lines`) && (
                  <p className="text-sm font-medium text-red-700">{fieldError(errors, `parcels.${i}.lines`)}</p>
                )}
              </div>
            )}
            {several && (
              <Button variant="quiet" onPress={() => setParcels((ps) => ps.filter((_, j) => j !== i))}>
                Remove parcel {i + 1}
              </Button>
            )}
          </fieldset>
        ))}
        {formError && <FormMessage>{formError}</FormMessage>}
        <Button
          variant="outline"
          className="w-full"
          onPress={() => setParcels((ps) => [...ps, emptyParcel(ps[0]?.carrier)])}
        >
          Add another parcel
        </Button>
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" isDisabled={action.isPending}>
            {action.isPending ? 'Shipping…' : 'Ship order'}
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
