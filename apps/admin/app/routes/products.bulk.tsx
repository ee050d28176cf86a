import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, type AdminBulkRow, type BulkField } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, LoadMore, Loading, PageHeader } from '../components/ui/states';
import { errorText } from '../lib/api';
import { failure } from '../lib/toast';
import { savedToast } from '../lib/undo';
import { BulkCards } from '../features/bulk/cards';
import { BulkGrid } from '../features/bulk/grid';
import { cellsOf, invalidCount, keyOf, shown, type Edits } from '../features/bulk/model';
import { BULK_KEY, useBulkGrid, useBulkSave } from '../features/bulk/queries';
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
  const [params] = useSearchParams();
  const filters = readProductFilters(params);
  const grid = useBulkGrid(toProductsQuery(filters));
  const save = useBulkSave();
  const qc = useQueryClient();
  const wide = useWide();
  const [edits, setEdits] = useState<Edits>({});
  const [serverErrors, setServerErrors] = useState<Edits>({});
  const key = useRef(newKey());
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
          savedToast(qc, res.message ?? 'Saved', { offer: res.undo, refresh: [CATALOG_KEY] });
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

  const back = `/products${params.size ? `?${writeProductFilters(filters).toString()}` : ''}`;
  const n = cells.length;
  return (
    <>
      <PageHeader
        title="Bulk edit"
        description="Prices, compare-at prices, stock and publishing of every variant the product list’s filters show. Nothing is saved until you press Save."
        action={
          <Link to={back} className="btn btn-outline">
            Back to products
          </Link>
        }
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
      {n > 0 && (
        <div
          className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mt-4 flex items-center gap-2 rounded-2xl border border-line bg-white p-2 shadow-lg lg:bottom-4"
          data-testid="bulk-save-bar"
        >
          <p className="min-w-0 flex-1 px-2 text-sm" aria-live="polite">
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
        </div>
      )}
    </>
  );
}
