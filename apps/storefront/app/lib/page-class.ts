import { useMatches, type UIMatch } from 'react-router';

/** What a route may expose (in its loader data or its `handle`) to name the page for styling. */
export interface PageIdentity {
  slug?: string | null;
  parent_slug?: string | null;
}

interface PageHandle {
  page?: PageIdentity;
}

function identityOf(match: UIMatch): PageIdentity | undefined {
  const fromData = (match.loaderData as { page?: PageIdentity } | undefined)?.page;
  if (fromData && (fromData.slug || fromData.parent_slug)) return fromData;
  return (match.handle as PageHandle | undefined)?.page;
}

/** Spec section 2: page slug, else parent slug, else `home`; the deepest route that knows wins. */
export function pageSlug(matches: UIMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = identityOf(matches[i]!);
    const slug = id?.slug || id?.parent_slug;
    // Nested pages have slashes in their slug; a class name cannot.
    if (slug) return slug.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  }
  return 'home';
}

export function usePageClass(): string {
  return `page--${pageSlug(useMatches())}`;
}
