import { useId, useState } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { useCategories, useCollections } from '../taxonomy/queries';
import type { ProductForm } from './form-model';

const NONE = '__none__';

/**
 * The product's category: a searchable list showing each category's path ("Lighting › Lanterns"),
 * typed to filter, chosen by tap or arrow keys and Enter. "No category" clears it.
 */
export function CategoryPicker() {
  const { control, formState } = useFormContext<ProductForm>();
  const categories = useCategories();
  const error = (get(formState.errors, 'category') as { message?: string } | undefined)?.message;
  // The combobox filters (name or path containing the text); the order is ours: best match first,
  // so "Shi" puts Shirts before T-Shirts.
  const [query, setQuery] = useState('');
  const items = rankCategories(
    [{ id: NONE, path: 'No category' }, ...(categories.data ?? []).map((c) => ({ id: c.slug, path: c.path }))],
    query,
  );
  return (
    <Controller
      control={control}
      name="category"
      render={({ field }) => (
        <ComboBox
          className="flex min-w-0 flex-col gap-1.5"
          selectedKey={field.value || NONE}
          onSelectionChange={(key) => field.onChange(key === null || key === NONE ? '' : String(key))}
          defaultItems={items}
          onInputChange={(text) => setQuery(text)}
          // Opened by a tap or the button: every category, not only those like the chosen one's name.
          onOpenChange={(open, trigger) => open && trigger !== 'input' && setQuery('')}
          menuTrigger="focus"
          isInvalid={!!error}
          data-testid="category-picker"
        >
          <Label className="text-sm font-medium">Category</Label>
          <div className="relative">
            <Input ref={field.ref} onBlur={field.onBlur} className="input pr-11" data-testid="category-input" />
            <AriaButton className="absolute inset-y-0 right-0 w-11 text-muted" aria-label="Show categories">
              <span aria-hidden>▾</span>
            </AriaButton>
          </div>
          {error ? (
            <Text slot="errorMessage" className="text-sm font-medium text-red-700">
              {error}
            </Text>
          ) : (
            <Text slot="description" className="text-sm text-muted">
              {categories.isError ? 'The categories could not be loaded.' : 'Type to find one.'}
            </Text>
          )}
          <Popover className="w-(--trigger-width) overflow-auto rounded-xl border border-line bg-white shadow-lg">
            <ListBox
              className="max-h-72 p-1 outline-none"
              renderEmptyState={() => <p className="p-3 text-sm text-muted">No category matches.</p>}
            >
              {(item: { id: string; path: string }) => (
                <ListBoxItem
                  id={item.id}
                  textValue={item.path}
                  className="cursor-default rounded-lg px-3 py-2.5 text-sm outline-none data-[focused]:bg-stone-100 data-[selected]:font-semibold"
                >
                  {item.path}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
    />
  );
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The categories in the order they suit `query`: the name starting with it, then a word of the
 * name starting with it (T-Shirts for "shi"), then the name containing it, then the path (the
 * parent's name), then the rest. Ties keep the tree's order; an empty query keeps it all.
 */
export function rankCategories<T extends { path: string }>(items: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return items;
  const rank = (item: T) => {
    const name = (item.path.split(' › ').at(-1) ?? item.path).toLowerCase();
    if (name.startsWith(q)) return 0;
    if (words(name).some((w) => w.startsWith(q))) return 1;
    if (name.includes(q)) return 2;
    return item.path.toLowerCase().includes(q) ? 3 : 4;
  };
  return items
    .map((item, i) => ({ item, i, r: rank(item) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.item);
}

/** The collections the product is in: a checkbox each (with a filter once there are many). */
export function CollectionsPicker() {
  const { control } = useFormContext<ProductForm>();
  const collections = useCollections();
  const [filter, setFilter] = useState('');
  const id = useId();
  const all = collections.data ?? [];
  const shown = all.filter((c) => c.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Controller
      control={control}
      name="collections"
      render={({ field, fieldState }) => (
        <fieldset className="flex min-w-0 flex-col gap-1.5" data-testid="collections-picker">
          <legend className="mb-1.5 text-sm font-medium">Collections</legend>
          {all.length > 8 && (
            <>
              <label htmlFor={id} className="sr-only">
                Find a collection
              </label>
              <input
                id={id}
                type="search"
                className="input"
                placeholder="Find a collection…"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </>
          )}
          {all.length === 0 ? (
            <p className="text-sm text-muted">
              {collections.isLoading ? 'Loading…' : 'No collections yet (add them under Collections).'}
            </p>
          ) : (
            <div className="flex max-h-60 flex-wrap gap-2 overflow-auto">
              {shown.map((c) => {
                const on = field.value.includes(c.slug);
                return (
                  <label
                    key={c.id}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm ${on ? 'border-brand bg-stone-100 font-medium' : 'border-line'}`}
                  >
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={on}
                      onChange={() =>
                        field.onChange(on ? field.value.filter((s) => s !== c.slug) : [...field.value, c.slug])
                      }
                    />
                    {c.name}
                  </label>
                );
              })}
            </div>
          )}
          {fieldState.error?.message && <p className="text-sm font-medium text-red-700">{fieldState.error.message}</p>}
        </fieldset>
      )}
    />
  );
}
