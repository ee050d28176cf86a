import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminCatalogApi, adminTaxonomyApi, type AdminCollection } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import { MoveButtons } from './fields';
import { moved, movedTo, useRefresh } from './queries';

/** Sends a collection's whole product order with If-Match; someone else's change in between is refused and the list reloads. */
function useSendOrder(collection: AdminCollection) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const send = async (next: string[]) => {
    setBusy(true);
    try {
      await call(adminTaxonomyApi.collectionProducts, {
        params: { id: collection.id },
        body: { product_ids: next },
        headers: { 'if-match': String(collection.version) },
      });
    } catch (err) {
      void failure(errorText(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  return { busy, send };
}

/**
 * A collection's products in their shop order: a position to type (1 to n), to the top or the
 * bottom, one up or down, remove. Each change sends the whole order.
 */
export function CollectionProducts({ collection }: { collection: AdminCollection }) {
  const { busy, send } = useSendOrder(collection);
  const ids = collection.products.map((p) => p.id);
  const n = ids.length;
  const moveTo = (i: number, to: number) => {
    const next = movedTo(ids, i, to);
    if (next) void send(next);
  };
  return (
    <section className="space-y-3" aria-labelledby="col-products">
      <div>
        <h2 id="col-products" className="text-lg font-semibold">
          Products, in shop order{n > 0 ? ` (${n})` : ''}
        </h2>
        <p className="text-sm text-muted">
          The collection’s page shows them in this order. Type a position to move a product there.
        </p>
      </div>
      {n === 0 ? (
        <p className="card px-4 py-5 text-sm text-muted">No products yet: find some above and add them.</p>
      ) : (
        <ol className="card divide-y divide-line" data-testid="collection-products">
          {collection.products.map((p, i) => (
            <li
              key={`${p.id}:${i}`}
              className="flex flex-wrap items-center gap-2 py-2 pr-2 pl-3"
              data-testid="collection-product"
            >
              <Position name={p.title} at={i} count={n} disabled={busy} onMove={(to) => moveTo(i, to)} />
              {p.image ? (
                <img src={p.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
              ) : (
                <span aria-hidden className="size-10 shrink-0 rounded-lg bg-stone-100" />
              )}
              <div className="min-w-0 flex-1 basis-40">
                <p className="line-clamp-2 text-sm font-medium">{p.title}</p>
                {p.status !== 'published' && <p className="text-xs text-muted">{p.status} (not in the shop)</p>}
              </div>
              <span className="ml-auto flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className="btn btn-quiet px-2.5"
                  aria-label={`Move ${p.title} to the top`}
                  disabled={busy || i === 0}
                  onClick={() => moveTo(i, 0)}
                >
                  Top
                </button>
                <MoveButtons
                  name={p.title}
                  first={i === 0}
                  last={i === n - 1}
                  disabled={busy}
                  onMove={(by) => {
                    const next = moved(ids, i, by);
                    if (next) void send(next);
                  }}
                />
                <button
                  type="button"
                  className="btn btn-quiet px-2.5"
                  aria-label={`Move ${p.title} to the bottom`}
                  disabled={busy || i === n - 1}
                  onClick={() => moveTo(i, n - 1)}
                >
                  Bottom
                </button>
                <button
                  type="button"
                  className="btn btn-quiet px-2.5"
                  aria-label={`Remove ${p.title}`}
                  disabled={busy}
                  onClick={() => void send(ids.filter((x) => x !== p.id))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The row's position, typed: Enter (or leaving the field) moves the product there. */
function Position({
  name,
  at,
  count,
  disabled,
  onMove,
}: {
  name: string;
  at: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
}) {
  const [text, setText] = useState(String(at + 1));
  const commit = () => {
    const want = Number(text);
    if (/^\d+$/.test(text.trim()) && want >= 1 && want - 1 !== at) onMove(Math.min(want, count) - 1);
    else setText(String(at + 1));
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      enterKeyHint="done"
      aria-label={`Position of ${name}, 1 to ${count}`}
      className="h-11 w-12 shrink-0 rounded-lg border border-stone-300 text-center text-sm tabular-nums outline-none focus:border-brand"
      value={text}
      disabled={disabled}
      onFocus={(e) => e.target.select()}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      data-testid="collection-position"
    />
  );
}

/** Find products (title or SKU) and add them; an added one goes to the end of the order. */
export function AddToCollection({ collection }: { collection: AdminCollection }) {
  const { busy, send } = useSendOrder(collection);
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['taxonomy', 'product-search', asked],
    queryFn: async () => (await call(adminCatalogApi.list, { query: { q: asked, limit: 10 } })).data.products,
    enabled: asked.trim().length > 0,
  });
  const ids = collection.products.map((p) => p.id);
  return (
    <section className="card space-y-3 p-3 sm:p-4" aria-labelledby="col-add">
      <h2 id="col-add" className="font-semibold">
        Add products
      </h2>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(q.trim());
        }}
        className="flex gap-2"
      >
        <label htmlFor="col-search" className="sr-only">
          Find a product to add, by title or SKU
        </label>
        <input
          id="col-search"
          type="search"
          enterKeyHint="search"
          className="input min-w-0"
          placeholder="Title or SKU…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          data-testid="collection-search"
        />
        <button type="submit" className="btn btn-outline">
          Find
        </button>
      </form>
      {found.isFetching && <p className="text-sm text-muted">Searching…</p>}
      {found.data && found.data.length === 0 && <p className="text-sm text-muted">No product matches “{asked}”.</p>}
      {found.data && found.data.length > 0 && (
        <ul className="divide-y divide-line">
          {found.data.map((p) => {
            const inIt = ids.includes(p.id);
            return (
              <li key={p.id} className="flex items-center gap-2 py-2">
                <p className="min-w-0 flex-1 truncate text-sm">{p.title}</p>
                <button
                  type="button"
                  className="btn btn-outline px-3"
                  disabled={inIt || busy}
                  aria-label={inIt ? `${p.title} is in the collection` : `Add ${p.title}`}
                  onClick={() => void send([...ids, p.id])}
                >
                  {inIt ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
