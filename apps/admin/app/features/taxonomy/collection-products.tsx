import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminCatalogApi, adminTaxonomyApi, type AdminCollection } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import { MoveButtons } from './fields';
import { moved, useRefresh } from './queries';

/**
 * A collection's products in their shop order: move up / down, remove, and add from a search.
 * Each change sends the whole order with If-Match (someone else's change in between is refused
 * and the list reloads).
 */
export function CollectionProducts({ collection }: { collection: AdminCollection }) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['taxonomy', 'product-search', asked],
    queryFn: async () => (await call(adminCatalogApi.list, { query: { q: asked, limit: 10 } })).data.products,
    enabled: asked.trim().length > 0,
  });
  const ids = collection.products.map((p) => p.id);
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
  return (
    <section className="space-y-3" aria-labelledby="col-products">
      <div>
        <h2 id="col-products" className="text-lg font-semibold">
          Products, in shop order
        </h2>
        <p className="text-sm text-muted">The collection’s page shows them in this order.</p>
      </div>
      {collection.products.length === 0 ? (
        <p className="card px-4 py-5 text-sm text-muted">No products yet: find some below and add them.</p>
      ) : (
        <ol className="card divide-y divide-line" data-testid="collection-products">
          {collection.products.map((p, i) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-2 py-2 pr-2 pl-3"
              data-testid="collection-product"
            >
              <span className="w-6 shrink-0 text-sm text-muted tabular-nums">{i + 1}.</span>
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
                <MoveButtons
                  name={p.title}
                  first={i === 0}
                  last={i === ids.length - 1}
                  disabled={busy}
                  onMove={(by) => {
                    const next = moved(ids, i, by);
                    if (next) void send(next);
                  }}
                />
                <button
                  type="button"
                  className="btn btn-quiet px-3"
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
      <div className="card space-y-3 p-3 sm:p-4">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setAsked(q.trim());
          }}
          className="flex gap-2"
        >
          <label htmlFor="col-search" className="sr-only">
            Find products to add
          </label>
          <input
            id="col-search"
            type="search"
            enterKeyHint="search"
            className="input"
            placeholder="Find products to add (title or SKU)…"
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
      </div>
    </section>
  );
}
