import { useEffect, useId, useImperativeHandle, useState, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, adminCatalogApi, type AdminVariant } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { Failed, Loading } from '../../components/ui/states';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { CATALOG_KEY, currentStock, useProduct } from './queries';

/** What the product row asks of the panel: save what was typed (true when all of it landed). */
export interface StockPanelHandle {
  saveAll(): Promise<boolean>;
}

/** A typed count and the stock the screen showed when typing began (sent as expected_stock). */
interface Draft {
  value: string;
  base: number;
}

const countOf = (d: Draft) => (d.value.trim() === '' ? NaN : Number(d.value));
const isChange = (d: Draft) => Number.isInteger(countOf(d)) && countOf(d) !== d.base;

/**
 * A product's variants with their stock editable in place (opened from a list row). Typed counts
 * are kept until saved or discarded: one "Save" sends them all (Enter in any field does too), each
 * only while the stock is still what the screen showed; a count a sale moved meanwhile stays typed
 * with the number as it is now beside it. The row's own close button asks the panel to save first
 * (`ref`), so nothing typed is thrown away by closing.
 */
export function VariantStockPanel({
  productId,
  onDirtyChange,
  ref,
}: {
  productId: string;
  onDirtyChange: (count: number) => void;
  ref: Ref<StockPanelHandle>;
}) {
  const product = useProduct(productId);
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const changed = Object.entries(drafts).filter(([, d]) => isChange(d));
  const invalid = Object.values(drafts).some((d) => !Number.isInteger(countOf(d)));

  useEffect(() => onDirtyChange(changed.length), [changed.length, onDirtyChange]);

  const saveAll = async (): Promise<boolean> => {
    if (invalid) return false;
    if (changed.length === 0) return true;
    setSaving(true);
    const outcomes = await Promise.all(
      changed.map(async ([id, d]) => {
        try {
          const res = await call(adminCatalogApi.setStock, {
            params: { variant_id: id },
            body: { stock: countOf(d), reason: 'manual', note: null, expected_stock: d.base },
          });
          return { id, ok: true as const, title: `${res.data.variant.product_title} · ${res.data.variant.sku}` };
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            const now = await currentStock(id).catch(() => null);
            return { id, ok: false as const, now, message: null };
          }
          return { id, ok: false as const, now: null, message: errorText(err) };
        }
      }),
    );
    setSaving(false);
    const saved = outcomes.filter((o) => o.ok);
    setDrafts((all) => {
      const next = { ...all };
      for (const o of outcomes) {
        if (o.ok) delete next[o.id];
        else if (o.now !== null) next[o.id] = { value: next[o.id]!.value, base: o.now };
      }
      return next;
    });
    setNotes(
      Object.fromEntries(
        outcomes
          .filter((o) => !o.ok)
          .map((o) => [
            o.id,
            o.message ??
              `A sale or a colleague changed it meanwhile: it is ${o.now ?? 'different'} now. Check your count and save again.`,
          ]),
      ),
    );
    if (saved.length > 0) {
      void client.invalidateQueries({ queryKey: CATALOG_KEY });
      void success(
        saved.length === 1 ? 'Stock updated' : `Stock updated for ${saved.length} variants`,
        saved.length === 1 ? saved[0]!.title : undefined,
      );
    }
    if (outcomes.some((o) => !o.ok && o.message)) void failure('Some counts were not saved: see the rows');
    return saved.length === outcomes.length;
  };

  useImperativeHandle(ref, () => ({ saveAll }));

  if (product.isPending) return <Loading label="Loading variants…" />;
  if (product.isError) return <Failed error={product.error} retry={() => product.refetch()} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void saveAll();
      }}
    >
      <ul className="max-w-lg space-y-3" data-testid="variant-stock">
        {product.data.variants.map((v) => (
          <li key={v.id}>
            <StockRow
              variant={v}
              draft={drafts[v.id]}
              note={notes[v.id]}
              onChange={(value) =>
                setDrafts((all) => ({ ...all, [v.id]: { value, base: all[v.id]?.base ?? v.stock } }))
              }
            />
          </li>
        ))}
      </ul>
      {(changed.length > 0 || invalid) && (
        <div className="mt-3 flex max-w-lg flex-wrap items-center justify-end gap-2">
          <p className="mr-auto text-sm font-medium text-amber-800" role="status">
            {invalid ? 'A count must be a whole number' : `${changed.length} not saved yet`}
          </p>
          <Button
            variant="quiet"
            isDisabled={saving}
            onPress={() => {
              setDrafts({});
              setNotes({});
            }}
          >
            Discard
          </Button>
          <Button type="submit" variant="primary" isDisabled={saving || invalid} data-testid="save-stock">
            {saving ? 'Saving…' : changed.length === 1 ? 'Save 1 change' : `Save ${changed.length} changes`}
          </Button>
        </div>
      )}
    </form>
  );
}

function StockRow({
  variant,
  draft,
  note,
  onChange,
}: {
  variant: Pick<AdminVariant, 'id' | 'sku' | 'title' | 'stock'>;
  draft: Draft | undefined;
  note: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const pending = draft !== undefined && isChange(draft);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-medium">{variant.title || 'Default'}</span>
          <span className="block truncate text-xs text-muted">
            {variant.sku}
            {pending && <span className="ml-1 font-medium text-amber-800">· was {draft.base}, not saved</span>}
          </span>
        </label>
        <input
          id={id}
          inputMode="numeric"
          enterKeyHint="done"
          data-testid={`stock-${variant.sku}`}
          data-unsaved={pending || undefined}
          aria-invalid={(draft !== undefined && !Number.isInteger(countOf(draft))) || undefined}
          aria-describedby={note ? `${id}-m` : undefined}
          className={`input w-20 text-right tabular-nums ${pending ? 'border-amber-600 bg-amber-50' : ''}`}
          value={draft?.value ?? String(variant.stock)}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      {note && (
        <p id={`${id}-m`} role="alert" className="text-sm font-medium text-amber-800">
          {note}
        </p>
      )}
    </div>
  );
}
