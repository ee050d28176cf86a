import { Form, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';

/** Product search entry: a plain GET to /search, so it works before hydration too. */
export function SearchForm({ id, autoFocus, className = '' }: { id: string; autoFocus?: boolean; className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={params.get('q') ?? ''}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-11 w-full rounded-full border border-ink/15 bg-surface pr-11 pl-4 text-sm text-ink placeholder:text-muted focus:border-primary focus:bg-background focus:outline-none"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
      >
        <SearchIcon className="size-[18px]" />
      </button>
    </Form>
  );
}
