import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** How many paths' answers sharedPageMatcher keeps. */
const KEPT_PATHS = 2000;

/**
 * Which storefront URLs are shared pages (ADR 31): the deepest route they match says
 * `sharedPage: true` in its `handle`. Such a page is rendered as for a visitor without cookies of
 * their own, so a signed-in shopper or one with a cart is sent the same cached page as everyone;
 * their account, cart and wishlist are loaded by the browser after it. A route that says nothing
 * is rendered for each such visitor: forgetting the flag costs speed, never privacy.
 */
export function sharedPageMatcher(routes: ServerBuild['routes']): (pathname: string) => boolean {
  type Node = RouteObject & { id: string; children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    nodes.set(r.id, {
      id: r.id,
      ...(r.path !== undefined ? { path: r.path } : {}),
      ...(r.caseSensitive !== undefined ? { caseSensitive: r.caseSensitive } : {}),
      ...(r.index ? { index: true } : { children: [] }),
    } as Node);
  }
  const top: Node[] = [];
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  const shared = new Set(
    Object.values(routes)
      .filter((r) => (r?.module.handle as { sharedPage?: unknown } | undefined)?.sharedPage === true)
      .map((r) => r!.id),
  );
  // matchRoutes flattens and ranks the whole route tree at each call: the answers are kept per
  // path (at most KEPT_PATHS; the oldest go first, so made-up paths cannot grow it).
  const kept = new Map<string, boolean>();
  return (pathname) => {
    const known = kept.get(pathname);
    if (known !== undefined) return known;
    const leaf = matchRoutes(top, pathname)?.at(-1)?.route as Node | undefined;
    const answer = leaf !== undefined && shared.has(leaf.id);
    if (kept.size >= KEPT_PATHS) kept.delete(kept.keys().next().value!);
    kept.set(pathname, answer);
    return answer;
  };
}
