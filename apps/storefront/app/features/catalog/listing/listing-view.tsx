import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import {
  minorUnitDigits,
  type Facets,
  type ImageRef,
  type ListingSort,
  type Pagination as PaginationData,
  type ProductCard,
} from '@shopfront/shared';
import type { Crumb } from '../../../components/breadcrumb';
import { Container } from '../../../components/container';
import { Pagination } from '../../../components/pagination';
import { CloseIcon, FilterIcon, GridIcon } from '../../../components/ui/icons';
import { writeCookie } from '../../../lib/cookies';
import { useShop } from '../../../lib/shop';
import { useHydrated } from '../../../lib/use-hydrated';
import { useIsMobile } from '../../../lib/use-viewport';
import { FilterGroups } from './filter-panel';
import { ListingHeader } from './listing-header';
import { GRID_CHOICES, GRID_COOKIE, GRID_COOKIE_MAX_AGE, type GridColumns } from './grid-columns';
import {
  PARAM,
  clearFiltersSearch,
  hasFilters,
  parseListingParams,
  withoutParam,
  type ListingState,
} from './listing-query';
import { ProductGrid } from './product-grid';

const FORM_ID = 'listing-filters';
const PANEL_ID = 'listing-filter-panel';
const RESULTS_ID = 'listing-results';

export interface ListingViewProps {
  title: string;
  description?: string;
  eyebrow?: string;
  crumbs: Crumb[];
  /** The collection's cover or the category's image, shown in the header beside the title. */
  image?: ImageRef | null;
  products: ProductCard[];
  pagination: PaginationData;
  facets: Facets;
  sort: ListingSort;
  columns: GridColumns;
  /** Search: "Relevance" is the default order; listings call it "Featured". */
  defaultSortLabel: string;
  /** Category pages do not offer their own category as a filter. */
  showCategories: boolean;
  /** Fields the filter form must carry along (the search text). */
  hidden?: Record<string, string>;
  empty?: ReactNode;
  /** Shown above the results, e.g. when filters in the URL were not valid. */
  notice?: ReactNode;
  /** The results' (visually hidden) heading: "Products" unless said otherwise. */
  resultsLabel?: string;
  /** Above the bar with the count and sort, e.g. the search page's search box. */
  lead?: ReactNode;
  /** Leave out filters, sort and grid size (a search that found nothing has nothing to narrow). */
  bare?: boolean;
}

const SORT_LABELS: Record<Exclude<ListingSort, 'relevance'>, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_rated: 'Best rated',
};

function currencySymbol(code: string): string {
  try {
    return (
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: code })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? code
    );
  } catch {
    return code;
  }
}

/** Applies the filter form: one GET navigation, empty fields left out of the URL. */
function useSubmitFilters() {
  const submit = useSubmit();
  const { pathname } = useLocation();
  return (form: HTMLFormElement | null) => {
    if (!form) return;
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v.trim() !== '') params.append(k, v.trim());
    submit(params, { method: 'get', action: pathname, preventScrollReset: true });
  };
}

/** The listing state the page should show now: where we are going if navigating here, else where we are. */
function useListingState(): ListingState {
  const location = useLocation();
  const navigation = useNavigation();
  const target =
    navigation.location && navigation.location.pathname === location.pathname ? navigation.location : location;
  return parseListingParams(new URLSearchParams(target.search));
}

function ActiveFilters({ state, facets }: { state: ListingState; facets: Facets }) {
  const { pathname, search } = useLocation();
  const labelOf = (list: { value: string; label: string }[], v: string) => list.find((x) => x.value === v)?.label ?? v;
  const chips: { key: string; label: string; to: string }[] = [];
  for (const v of state.categories)
    chips.push({ key: `c-${v}`, label: labelOf(facets.categories, v), to: withoutParam(search, PARAM.category, v) });
  for (const [name, values] of Object.entries(state.options))
    for (const v of values)
      chips.push({
        key: `o-${name}-${v}`,
        label: `${name}: ${v}`,
        to: withoutParam(search, `${PARAM.option}${name}`, v),
      });
  for (const v of state.brands)
    chips.push({ key: `b-${v}`, label: labelOf(facets.brands, v), to: withoutParam(search, PARAM.brand, v) });
  if (state.minPrice !== null || state.maxPrice !== null) {
    const p = new URLSearchParams(withoutParam(search, PARAM.minPrice));
    p.delete(PARAM.maxPrice);
    const s = p.toString();
    const label =
      state.minPrice !== null && state.maxPrice !== null
        ? `Price: ${state.minPrice} – ${state.maxPrice}`
        : state.minPrice !== null
          ? `Price: from ${state.minPrice}`
          : `Price: up to ${state.maxPrice}`;
    chips.push({ key: 'price', label, to: s ? `?${s}` : '' });
  }
  if (state.inStock) chips.push({ key: 'stock', label: 'In stock only', to: withoutParam(search, PARAM.inStock) });
  if (!chips.length) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((c) => (
        <Link
          key={c.key}
          to={`${pathname}${c.to}`}
          preventScrollReset
          className="inline-flex h-9 items-center gap-1.5 rounded-full bg-surface pr-2.5 pl-3.5 text-sm font-medium text-ink ring-1 ring-ink/10 hover:ring-ink/30"
          aria-label={`Remove filter ${c.label}`}
        >
          {c.label}
          <CloseIcon className="size-4 text-muted" />
        </Link>
      ))}
      <Link
        to={`${pathname}${clearFiltersSearch(search)}`}
        preventScrollReset
        className="ml-1 text-sm font-semibold text-ink underline underline-offset-4 hover:text-primary"
      >
        Clear all
      </Link>
    </div>
  );
}

/** 2/3/4 per row on large screens; a plain form for shoppers without JavaScript. */
function GridToggle({ columns, onChange }: { columns: GridColumns; onChange: (c: GridColumns) => void }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/resources/grid-columns" className="hidden items-center gap-1 lg:flex">
      <input type="hidden" name="return_to" value={`${pathname}${search}`} />
      <span className="sr-only">Products per row</span>
      {GRID_CHOICES.map((n) => (
        <button
          key={n}
          type="submit"
          name="columns"
          value={n}
          aria-pressed={columns === n}
          aria-label={`${n} per row`}
          onClick={(e) => {
            e.preventDefault();
            onChange(n);
          }}
          className={`inline-flex size-10 items-center justify-center rounded-full transition-colors ${
            columns === n ? 'bg-ink text-background' : 'text-muted hover:bg-surface hover:text-ink'
          }`}
        >
          <GridIcon columns={n} className="size-5" />
        </button>
      ))}
    </form>
  );
}

/**
 * A product listing: breadcrumb and title, facet filters (a sidebar on desktop, a drawer on
 * phones), sort, grid size and pagination. Every control is a plain GET form or link, so the
 * page works without JavaScript; with it, changes apply in place without a page load.
 */
export function ListingView(props: ListingViewProps) {
  const { facets, pagination, products } = props;
  const shop = useShop();
  const hydrated = useHydrated();
  const state = useListingState();
  const navigation = useNavigation();
  const location = useLocation();
  const submitFilters = useSubmitFilters();
  const formRef = useRef<HTMLFormElement>(null);
  const drawer = useRef<HTMLDialogElement>(null);
  const [columns, setColumns] = useState<GridColumns>(props.columns);
  const currency = shop.storefront.channel.currency.code;
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const filtered = hasFilters(state);
  const activeCount =
    state.brands.length +
    state.categories.length +
    Object.values(state.options).reduce((n, v) => n + v.length, 0) +
    (state.minPrice !== null || state.maxPrice !== null ? 1 : 0) +
    (state.inStock ? 1 : 0);

  // A new page's column choice replaces the one picked here (adjusted while rendering).
  const [columnsProp, setColumnsProp] = useState(props.columns);
  if (columnsProp !== props.columns) {
    setColumnsProp(props.columns);
    setColumns(props.columns);
  }

  // The drawer is only a modal on small screens: leave modal mode when the screen grows.
  const isMobile = useIsMobile();
  useEffect(() => {
    if (isMobile === false && drawer.current?.open) drawer.current.close();
  }, [isMobile]);

  const chooseColumns = (n: GridColumns) => {
    setColumns(n);
    writeCookie(GRID_COOKIE, String(n), GRID_COOKIE_MAX_AGE);
  };

  const total = pagination.total;
  const countText = `${total} ${total === 1 ? 'product' : 'products'}`;
  const nonce = shop.nonce?.style;

  return (
    <div className="listing-page" data-search={loading ? undefined : location.search}>
      {/* Without JavaScript the drawer cannot open: show the filters inline on small screens. */}
      <noscript
        dangerouslySetInnerHTML={{
          __html: `<style${nonce ? ` nonce="${nonce}"` : ''}>@media (max-width:1023.98px){#${PANEL_ID}{display:block;position:static;width:auto;height:auto;max-height:none;box-shadow:none;margin:0 0 1.5rem;border:1px solid rgb(0 0 0/.1);border-radius:1rem}.filters-open,.filters-close{display:none!important}.sort-cell{grid-column:span 2}}@media (min-width:1024px){.filters-apply{display:flex!important}}</style>`,
        }}
      />
      {/* The filters come first in the tab order: one stop takes a keyboard user past them. */}
      <a
        href={`#${RESULTS_ID}`}
        className="sr-only z-[70] rounded-full bg-ink px-4 py-2.5 text-sm font-semibold text-background focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to results
      </a>
      <ListingHeader
        title={props.title}
        description={props.description}
        eyebrow={props.eyebrow}
        crumbs={props.crumbs}
        image={props.image}
      />

      <Container className="py-6 pb-16 md:py-10 md:pb-24">
        {props.lead}
        <div className={props.bare ? '' : 'lg:grid lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-10 xl:gap-12'}>
          {!props.bare && (
            <dialog
              ref={drawer}
              id={PANEL_ID}
              aria-labelledby="filters-title"
              // On desktop the sidebar scrolls on its own; its controls are the tab stops, not the box.
              tabIndex={-1}
              onClick={(e) => e.target === e.currentTarget && drawer.current?.close()}
              className="filter-panel fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[88vw] max-w-sm bg-background p-0 text-ink shadow-2xl open:animate-[drawer-in-right_200ms_ease-out] lg:sticky lg:top-28 lg:block lg:h-auto lg:max-h-[calc(100dvh-8rem)] lg:w-auto lg:max-w-none lg:self-start lg:overflow-y-auto lg:bg-transparent lg:shadow-none lg:[scrollbar-width:thin]"
            >
              <Form
                ref={formRef}
                id={FORM_ID}
                method="get"
                preventScrollReset
                onChange={(e) => {
                  const t = e.target as unknown as HTMLInputElement;
                  if (t.type !== 'number') submitFilters(e.currentTarget);
                }}
                onSubmit={(e) => {
                  e.preventDefault();
                  submitFilters(e.currentTarget);
                  drawer.current?.close();
                }}
                className="flex h-full flex-col"
              >
                {Object.entries(props.hidden ?? {}).map(([k, v]) => (
                  <input key={k} type="hidden" name={k} value={v} />
                ))}
                <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink/10 px-5 lg:h-auto lg:border-0 lg:px-0 lg:pb-2">
                  <h2 id="filters-title" className="text-lg font-semibold">
                    Filters
                  </h2>
                  <button
                    type="button"
                    onClick={() => drawer.current?.close()}
                    aria-label="Close filters"
                    className="filters-close -mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5 lg:hidden"
                  >
                    <CloseIcon className="size-6" />
                  </button>
                </div>
                <div className="flex-1 overflow-y-auto px-5 lg:overflow-visible lg:px-0">
                  <FilterGroups
                    facets={facets}
                    state={state}
                    currencyDigits={minorUnitDigits(currency)}
                    currencySymbol={currencySymbol(currency)}
                    showCategories={props.showCategories}
                  />
                </div>
                <div className="filters-apply flex shrink-0 items-center gap-3 border-t border-ink/10 p-4 lg:hidden lg:border-0 lg:px-0">
                  {filtered && (
                    <Link
                      to={`${location.pathname}${clearFiltersSearch(location.search)}`}
                      preventScrollReset
                      className="btn btn-outline shrink-0 px-5 whitespace-nowrap"
                      onClick={() => drawer.current?.close()}
                    >
                      Clear all
                    </Link>
                  )}
                  <button type="submit" className="btn btn-primary min-w-0 flex-1 whitespace-nowrap">
                    {hydrated ? `Show ${countText}` : 'Apply filters'}
                  </button>
                </div>
              </Form>
            </dialog>
          )}

          <div className="min-w-0">
            {!props.bare && (
              <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
                <p
                  className="order-2 w-full text-sm text-muted sm:order-none sm:w-auto"
                  aria-live="polite"
                  data-testid="result-count"
                >
                  {countText}
                </p>
                <div className="grid w-full grid-cols-[auto_minmax(0,1fr)] items-center gap-3 sm:flex sm:w-auto">
                  {/* Hidden without JavaScript (the <noscript> style): the filters are inline then. */}
                  <button
                    type="button"
                    onClick={() => drawer.current?.showModal()}
                    aria-haspopup="dialog"
                    aria-controls={PANEL_ID}
                    className="filters-open btn btn-outline h-11 px-4 lg:hidden"
                  >
                    <FilterIcon className="size-5" />
                    Filters
                    {activeCount > 0 && (
                      <span className="inline-flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-on-primary">
                        {activeCount}
                      </span>
                    )}
                  </button>
                  <div className="sort-cell flex min-w-0 items-center gap-2">
                    <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                      <span className="hidden shrink-0 text-muted sm:inline">Sort by</span>
                      <span className="sr-only sm:hidden">Sort by</span>
                      <select
                        name={PARAM.sort}
                        form={FORM_ID}
                        value={state.sort ?? ''}
                        onChange={() => submitFilters(formRef.current)}
                        className="h-11 w-full min-w-0 rounded-full border border-ink/15 bg-background pr-9 pl-4 text-sm font-medium focus:border-primary focus:outline-none sm:w-auto"
                      >
                        <option value="">{props.defaultSortLabel}</option>
                        {(Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).map((s) => (
                          <option key={s} value={s}>
                            {SORT_LABELS[s]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <noscript
                      dangerouslySetInnerHTML={{
                        __html: `<button type="submit" form="${FORM_ID}" class="btn btn-outline h-11 shrink-0 px-4">Sort</button>`,
                      }}
                    />
                  </div>
                  <GridToggle columns={columns} onChange={chooseColumns} />
                </div>
              </div>
            )}

            {props.notice}
            {!props.bare && <ActiveFilters state={state} facets={facets} />}

            <div
              id={RESULTS_ID}
              tabIndex={-1}
              aria-labelledby={`${RESULTS_ID}-title`}
              role="region"
              className={`scroll-mt-28 transition-opacity duration-200 focus:outline-none ${loading ? 'opacity-50' : ''}`}
              aria-busy={loading}
            >
              {/* Product cards are level-3 headings: this keeps the outline whole on phones too, where the filters' h2 is in the closed drawer. */}
              <h2 id={`${RESULTS_ID}-title`} className="sr-only">
                {props.resultsLabel ?? 'Products'}
              </h2>
              {products.length ? (
                <ProductGrid products={products} columns={columns} />
              ) : (
                (props.empty ?? (
                  <div className="rounded-3xl bg-surface px-6 py-16 text-center">
                    <p className="text-lg font-semibold">No products match these filters</p>
                    <p className="mt-2 text-muted">Try removing a filter or two.</p>
                    {filtered && (
                      <Link
                        to={`${location.pathname}${clearFiltersSearch(location.search)}`}
                        className="btn btn-primary mt-6"
                      >
                        Clear all filters
                      </Link>
                    )}
                  </div>
                ))
              )}
            </div>
            <Pagination page={pagination.page} lastPage={pagination.last_page} label="Product pages" />
          </div>
        </div>
      </Container>
    </div>
  );
}
