import { useState } from 'react';
import { STATUS_LABELS, STOCK_LABELS, writeProductFilters, type ProductFilters } from '../catalog/filters';

export interface BulkFilters extends ProductFilters {
  /** The channel whose prices show (its id); '' is the shop's default. */
  channel: string;
}

/** The bulk editor's address: the product list's filters plus `channel`. */
export function readChannel(params: URLSearchParams): string {
  return params.get('channel') ?? '';
}

export function writeBulkFilters(f: BulkFilters): URLSearchParams {
  const p = writeProductFilters(f);
  if (f.channel) p.set('channel', f.channel);
  return p;
}

/**
 * The bulk editor's own search, status and stock filters (the product list's, kept in the
 * address) and the channel whose prices it edits. While changes are unsaved they are locked:
 * other rows or another currency would leave those edits behind.
 */
export function BulkToolbar({
  filters,
  channels,
  locked,
  go,
}: {
  filters: BulkFilters;
  channels: readonly { id: string; name: string; currency: string }[];
  locked: boolean;
  go: (f: BulkFilters) => void;
}) {
  const [search, setSearch] = useState(filters.q);
  return (
    <div className="mb-3 space-y-2" data-testid="bulk-toolbar">
      <div className="flex flex-col gap-2 sm:flex-row">
        <form
          role="search"
          className="flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (!locked) go({ ...filters, q: search });
          }}
        >
          <label htmlFor="bulk-search" className="sr-only">
            Search products
          </label>
          <input
            id="bulk-search"
            type="search"
            enterKeyHint="search"
            className="input disabled:opacity-60"
            placeholder="Title or SKU…"
            value={search}
            disabled={locked}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="bulk-search"
          />
        </form>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {channels.length > 1 && (
            <>
              <label className="sr-only" htmlFor="bulk-channel">
                Prices in
              </label>
              <select
                id="bulk-channel"
                className="input col-span-2 disabled:opacity-60 sm:col-auto"
                value={filters.channel}
                disabled={locked}
                onChange={(e) => go({ ...filters, channel: e.target.value })}
                data-testid="bulk-channel"
              >
                {channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    Prices in {c.currency}
                  </option>
                ))}
              </select>
            </>
          )}
          <label className="sr-only" htmlFor="bulk-status">
            Status
          </label>
          <select
            id="bulk-status"
            className="input disabled:opacity-60"
            value={filters.status}
            disabled={locked}
            onChange={(e) => go({ ...filters, status: e.target.value as ProductFilters['status'] })}
            data-testid="bulk-status"
          >
            <option value="">Any status</option>
            {Object.entries(STATUS_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="bulk-stock">
            Stock
          </label>
          <select
            id="bulk-stock"
            className="input disabled:opacity-60"
            value={filters.stock}
            disabled={locked}
            onChange={(e) => go({ ...filters, stock: e.target.value as ProductFilters['stock'] })}
            data-testid="bulk-stock"
          >
            <option value="">Any stock</option>
            {Object.entries(STOCK_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </div>
      {locked && (
        <p className="text-sm text-muted" data-testid="bulk-locked">
          Save or discard your changes to search, filter or switch currency.
        </p>
      )}
    </div>
  );
}
