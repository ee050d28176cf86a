/** What Edit Page tells the admin panel about the page on show: which page, and its type. */
export interface PageIdentity {
  slug: string;
  page_type: string;
}

/** Spec section 3: a template's page_type defaults to 'Page'. */
export const DEFAULT_PAGE_TYPE = 'Page';

interface MatchLike {
  loaderData?: unknown;
  handle?: unknown;
}

interface LoaderDataLike {
  page?: { slug?: unknown } | null;
  page_type?: unknown;
  /** Home: its templateBoth answer; CMS pages: the template itself. */
  template?: { page_type?: unknown } | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * The page a route shows, deepest route first: a CMS page's own slug and type (templateBoth's
 * page_type), else a route's `handle.page.slug` (home, cart, blogs…), else the path itself
 * (a product or listing page), with the default page type where none is known.
 */
export function pageIdentity(matches: readonly MatchLike[], pathname: string): PageIdentity {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const data = (match.loaderData ?? null) as LoaderDataLike | null;
    const pageType = text(data?.page_type) ?? text(data?.template?.page_type) ?? DEFAULT_PAGE_TYPE;
    const own = text(data?.page?.slug);
    if (own) return { slug: own, page_type: pageType };
    const handled = text((match.handle as { page?: { slug?: unknown } } | undefined)?.page?.slug);
    if (handled) return { slug: handled, page_type: pageType };
  }
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return { slug: path || 'home', page_type: DEFAULT_PAGE_TYPE };
}
