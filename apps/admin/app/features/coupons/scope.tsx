import { useDeferredValue, useId, useState } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import type { CouponForm } from './form-model';
import { FieldNote } from '../../components/ui/form-field';
import { useScopeChoices } from './queries';

/**
 * What the coupon discounts: the whole cart, or only some products and categories (with their
 * subcategories). Chosen ones are chips with a remove button; products are found by title.
 */
export function ScopePicker() {
  const { control, setValue, formState } = useFormContext<CouponForm>();
  const products = useWatch({ control, name: 'products' });
  const categories = useWatch({ control, name: 'categories' });
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const choices = useScopeChoices(deferred);
  const searchId = useId();
  const catId = useId();
  const productError = (get(formState.errors, 'products') as { message?: string } | undefined)?.message;
  const categoryError = (get(formState.errors, 'categories') as { message?: string } | undefined)?.message;
  const chosen = new Set(products.map((p) => p.id));
  const found = deferred ? (choices.data?.products ?? []).filter((p) => !chosen.has(p.id)).slice(0, 8) : [];
  const freeCategories = (choices.data?.categories ?? []).filter((c) => !categories.some((x) => x.slug === c.slug));
  const dirty = { shouldDirty: true };

  return (
    <div className="space-y-4">
      <p className="rounded-xl bg-stone-50 px-3 py-2 text-sm" data-testid="scope-note">
        {products.length || categories.length
          ? 'Only the items below are discounted; the minimum order counts only them.'
          : 'The whole cart is discounted. Add products or categories to limit it.'}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={catId} className="text-sm font-medium">
          Categories
        </label>
        <select
          id={catId}
          className="input"
          value=""
          data-testid="scope-category"
          onChange={(e) => {
            const c = freeCategories.find((x) => x.slug === e.target.value);
            if (c) setValue('categories', [...categories, c], dirty);
          }}
        >
          <option value="">Add a category…</option>
          {freeCategories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        <Chips
          items={categories.map((c) => ({ key: c.slug, label: c.name }))}
          onRemove={(slug) =>
            setValue(
              'categories',
              categories.filter((c) => c.slug !== slug),
              dirty,
            )
          }
          noun="category"
        />
        <FieldNote id={`${catId}-m`} error={categoryError} description="Subcategories are included." />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Products
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="Find a product by name…"
          value={q}
          autoComplete="off"
          data-testid="scope-product-search"
          onChange={(e) => setQ(e.target.value)}
        />
        {found.length > 0 && (
          <ul
            className="divide-y divide-line overflow-hidden rounded-xl border border-line"
            data-testid="scope-results"
          >
            {found.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center justify-between gap-3 px-3 text-left text-sm hover:bg-stone-50"
                  onClick={() => {
                    setValue('products', [...products, p], dirty);
                    setQ('');
                  }}
                >
                  <span className="truncate">{p.title}</span>
                  <span className="shrink-0 font-medium text-brand">Add</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {deferred && found.length === 0 && !choices.isFetching && (
          <p className="text-sm text-muted">No other product matches “{deferred}”.</p>
        )}
        <Chips
          items={products.map((p) => ({ key: p.id, label: p.title }))}
          onRemove={(id) =>
            setValue(
              'products',
              products.filter((p) => p.id !== id),
              dirty,
            )
          }
          noun="product"
        />
        <FieldNote id={`${searchId}-m`} error={productError} />
      </div>
    </div>
  );
}

function Chips({
  items,
  onRemove,
  noun,
}: {
  items: { key: string; label: string }[];
  onRemove: (key: string) => void;
  noun: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" data-testid={`scope-${noun}-chips`}>
      {items.map((i) => (
        <li key={i.key} className="flex max-w-full items-center rounded-full bg-stone-100 pl-3 text-sm">
          <span className="truncate">{i.label}</span>
          <button
            type="button"
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-ink"
            aria-label={`Remove ${noun} ${i.label}`}
            onClick={() => onRemove(i.key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
