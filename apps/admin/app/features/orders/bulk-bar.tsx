import { useState } from 'react';
import { failure, success } from '../../lib/toast';
import { adminOrdersApi, endpointPath, type AdminBulkResult } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call, errorText } from '../../lib/api';
import { counted } from '../../lib/format';
import { Field } from './fields';
import { useRefreshOrders } from './queries';
import { carrierSuggestions } from './carriers';
import { Sheet, SheetButtons } from './sheet';

const documentsHref = (kind: 'invoice' | 'packing_slip', ids: string[]) =>
  endpointPath(adminOrdersApi.documents.path, undefined, { kind, ids: ids.join(',') });

/** What a bulk action did: "3 of 4 orders done", and why each other one was not. */
function report(result: AdminBulkResult) {
  const ok = result.results.filter((r) => r.ok).length;
  const failed = result.results.filter((r) => !r.ok);
  const title = `${ok} of ${counted(result.results.length, 'order')} done`;
  if (failed.length === 0) void success(title);
  else void success(title, failed.map((r) => `${r.order_id}: ${r.message}`).join('\n'));
}

/**
 * The actions on the selected orders: pack, ship (one parcel each, tracked by the order's number
 * when left out), and their invoices or packing slips as one PDF.
 */
export function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const refresh = useRefreshOrders();
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [error, setError] = useState<string>();

  const run = async (fn: () => Promise<AdminBulkResult>) => {
    setBusy(true);
    try {
      report(await fn());
      onDone();
      setShipping(false);
    } catch (err) {
      void failure(errorText(err));
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  if (ids.length === 0) return null;
  return (
    <div
      className="sticky bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-20 mt-3 rounded-2xl border border-line bg-white p-2.5 shadow-lg lg:bottom-4 lg:p-3"
      data-testid="bulk-bar"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold" role="status">
          {ids.length} selected
        </p>
        <Button variant="quiet" onPress={onDone} className="min-h-9 px-2 text-muted">
          Clear
        </Button>
      </div>
      <div className="grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
        <Button
          variant="primary"
          className="px-2"
          isDisabled={busy}
          onPress={() => run(async () => (await call(adminOrdersApi.bulkPack, { body: { order_ids: ids } })).data)}
        >
          Pack
        </Button>
        <Button className="px-2" isDisabled={busy} onPress={() => setShipping(true)}>
          Ship
        </Button>
        <a className="btn btn-outline px-2" href={documentsHref('invoice', ids)} target="_blank" rel="noreferrer">
          Invoices
        </a>
        <a className="btn btn-outline px-2" href={documentsHref('packing_slip', ids)} target="_blank" rel="noreferrer">
          Slips
        </a>
      </div>
      <Sheet title={`Ship ${counted(ids.length, 'order')}`} isOpen={shipping} onClose={() => setShipping(false)}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!carrier.trim()) return setError('Enter the carrier');
            setError(undefined);
            void run(
              async () =>
                (
                  await call(adminOrdersApi.bulkShip, {
                    body: { orders: ids.map((order_id) => ({ order_id, carrier: carrier.trim() })) },
                  })
                ).data,
            );
          }}
        >
          <p className="text-sm text-muted">
            Each order goes in one parcel with all its items. Without a waybill each is tracked by its order number
            (SF-…-1); type the carrier&apos;s own on an order&apos;s page when you have it.
          </p>
          <datalist id="bulk-carriers">
            {carrierSuggestions().map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <Field
            label="Carrier"
            list="bulk-carriers"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            error={error}
            autoComplete="off"
            autoFocus
          />
          <SheetButtons>
            <Button variant="outline" onPress={() => setShipping(false)}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" isDisabled={busy}>
              Ship {counted(ids.length, 'order')}
            </Button>
          </SheetButtons>
        </form>
      </Sheet>
    </div>
  );
}
