import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, type AdminBulkRow, type BulkField, type UndoOffer } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { SaveBar } from '../components/ui/save-bar';
import { Empty, Failed, LoadMore, Loading, PageHeader } from '../components/ui/states';
import { errorText } from '../lib/api';
import { failure, success } from '../lib/toast';
import { undoSave } from '../lib/undo';
import { BulkCards } from '../features/bulk/cards';
import { BulkGrid } from '../features/bulk/grid';
import { cellsOf, invalidCount, keyOf, shown, type Edits } from '../features/bulk/model';
import { BULK_KEY, useBulkGrid, useBulkSave } from '../features/bulk/queries';
import { BulkToolbar, readChannel, writeBulkFilters, type BulkFilters } from '../features/bulk/toolbar';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { useWide } from '../features/bulk/use-wide';
import { CATALOG_KEY } from '../features/catalog/queries';
import { CatalogGate } from '../features/catalog/not-allowed';
import { readProductFilters, toProductsQuery, writeProductFilters } from '../features/catalog/filters';

export const meta = () => [{ title: 'Bulk edit · Products · Shop admin' }];

export default function ProductsBulkRoute() {
  return (
    <CatalogGate>
      <BulkEditor />
    </CatalogGate>
  );
}

const newKey = () => `bulk-${crypto.randomUUID()}`;

/**
 * The bulk editor (issue 26): the variants of the products the list's filters pick (from the
 * address), a spreadsheet on a desktop and cards with stock steppers on a phone. Edits stay here
 * until "Save N changes" sends them as one batch; the toast's Undo takes the batch back.
 */
function BulkEditor() {
  const [params, setParams] = useSearchParams();
  const filters = readProductFilters(params);
  const asked = readChannel(params);
  const grid = useBulkGrid({ ...toProductsQuery(filters), ...(asked ? { channel: asked } : {}) });
  const save = useBulkSave();
  const qc = useQueryClient();
  const wide = useWide();
  const [edits, setEdits] = useState<Edits>({});
  const [serverErrors, setServerErrors] = useState<Edits>({});
  const key = useRef(newKey());
  // The last save, with its Undo, kept in the save bar (in the thumb's reach) while it can be undone.
  const [lastSave, setLastSave] = useState<{ message: string; offer: UndoOffer } | null>(null);
  useEffect(() => {
    if (!lastSave) return;
    const t = setTimeout(() => setLastSave(null), Math.max(0, Date.parse(lastSave.offer.expires_at) - Date.now()));
    return () => clearTimeout(t);
  }, [lastSave]);
  const rows = useMemo(() => grid.data?.pages.flatMap((p) => p.rows) ?? [], [grid.data]);
  const channel = grid.data?.pages[0]?.channel;
  const cells = useMemo(() => cellsOf(rows, edits), [rows, edits]);
  const invalid = useMemo(() => invalidCount(rows, edits), [rows, edits]);
  useLeaveGuard(cells.length > 0, 'You have unsaved changes in the bulk editor. Leave and lose them?');

  const setCell = (row: AdminBulkRow, field: BulkField, text: string | null) => {
    const k = keyOf(row, field);
    key.current = newKey();
    setServerErrors(({ [k]: _, ...rest }) => rest);
    setEdits(({ [k]: _, ...rest }) => (text === null || text === shown(row, field) ? rest : { ...rest, [k]: text }));
  };

  const undo = async (offer: UndoOffer) => {
    setLastSave((s) => (s?.offer.id === offer.id ? null : s));
    await undoSave(qc, offer, [CATALOG_KEY]);
  };

  const onSave = () => {
    if (!channel || cells.length === 0 || invalid > 0) return;
    save.mutate(
      { body: { channel_id: channel.id, cells }, key: key.current },
      {
        onSuccess: async (res) => {
          await qc.refetchQueries({ queryKey: BULK_KEY });
          setEdits({});
          setServerErrors({});
          key.current = newKey();
          const message = res.message ?? 'Saved';
          const offer = res.undo;
          // Undo twice over: in the toast, and in the save bar (a phone's thumb reaches the bottom).
          void success(message, undefined, offer && { until: offer.expires_at, run: () => void undo(offer) });
          setLastSave(offer ? { message, offer } : null);
        },
        onError: async (err) => {
          if (err instanceof ApiError && (err.status === 422 || err.status === 409) && err.errors) {
            setServerErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
            // A conflict: read what is there now; the owner's edits stay, compared with the new values.
            if (err.status === 409) await qc.refetchQueries({ queryKey: BULK_KEY });
          }
          key.current = newKey();
          void failure(errorText(err));
        },
      },
    );
  };

  const back = `/products${filters.q || filters.status || filters.stock ? `?${writeProductFilters(filters).toString()}` : ''}`;
  const go = (f: BulkFilters) => setParams(writeBulkFilters(f), { replace: true });
  const n = cells.length;
  return (
    <>
      <PageHeader
        title="Bulk edit"
        description="Prices, compare-at prices, stock and publishing of the variants found here. Nothing is saved until you press Save."
        action={
          <Link to={back} className="btn btn-outline">
            Back to products
          </Link>
        }
      />
      <BulkToolbar
        key={filters.q}
        filters={{ ...filters, channel: asked || channel?.id || '' }}
        channels={grid.data?.pages[0]?.channels ?? []}
        locked={n > 0}
        go={go}
      />
      {grid.isPending ? (
        <Loading label="Loading variants…" />
      ) : grid.isError && rows.length === 0 ? (
        <Failed error={grid.error} retry={() => grid.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title="No products match">Try another search, or clear the filters.</Empty>
      ) : (
        <>
          {wide ? (
            <BulkGrid
              rows={rows}
              edits={edits}
              serverErrors={serverErrors}
              currency={channel!.currency}
              setCell={setCell}
            />
          ) : (
            <BulkCards
              rows={rows}
              edits={edits}
              serverErrors={serverErrors}
              currency={channel!.currency}
              setCell={setCell}
            />
          )}
          <LoadMore list={grid} end="That is every variant here." />
        </>
      )}
      {n > 0 ? (
        <SaveBar className="mt-4 flex items-center gap-2" testId="bulk-save-bar">
          <p className="min-w-0 flex-1 text-sm" aria-live="polite">
            {invalid > 0 ? (
              <span className="text-red-700">
                Fix {invalid} {invalid === 1 ? 'cell' : 'cells'} to save
              </span>
            ) : (
              <span className="hidden text-muted sm:inline">Not saved yet</span>
            )}
          </p>
          <Button
            variant="quiet"
            onPress={() => {
              setEdits({});
              setServerErrors({});
            }}
            isDisabled={save.isPending}
          >
            Discard
          </Button>
          <Button variant="primary" onPress={onSave} isDisabled={invalid > 0 || save.isPending} data-testid="bulk-save">
            {save.isPending ? 'Saving…' : `Save ${n} ${n === 1 ? 'change' : 'changes'}`}
          </Button>
        </SaveBar>
      ) : (
        lastSave && (
          <SaveBar className="mt-4 flex items-center gap-2" testId="bulk-saved-bar">
            <p className="min-w-0 flex-1 text-sm" aria-live="polite">
              {lastSave.message}
            </p>
            <Button variant="quiet" onPress={() => setLastSave(null)} aria-label="Hide">
              ✕
            </Button>
            <Button onPress={() => void undo(lastSave.offer)} data-testid="bulk-undo">
              Undo
            </Button>
          </SaveBar>
        )
      )}
    </>
  );
}
