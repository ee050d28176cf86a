import type { BreadcrumbItem } from '@shopfront/shared';
import type { Crumb } from '../../components/breadcrumb';

/**
 * The API's breadcrumb (name, url) as crumbs: starting at Home exactly once and ending at the
 * current page, which is not a link. `current` names a page the trail does not include yet (a
 * product); when the trail already ends at `currentUrl` (a listing), that crumb becomes current.
 */
export function crumbsFrom(items: BreadcrumbItem[], current: { label: string; url: string }): Crumb[] {
  const crumbs: Crumb[] = items.map((i) => ({ label: i.name, to: i.url }));
  if (crumbs[0]?.to !== '/') crumbs.unshift({ label: 'Home', to: '/' });
  const last = crumbs[crumbs.length - 1]!;
  if (last.to === current.url && crumbs.length > 1) crumbs[crumbs.length - 1] = { label: current.label };
  else crumbs.push({ label: current.label });
  return crumbs;
}
