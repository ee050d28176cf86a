import type { BreadcrumbItem } from '@shopfront/shared';
import type { Crumb } from '../../components/breadcrumb';

const HOME_URL = '/';

/**
 * The API's breadcrumb (name, url) as crumbs: starting at Home exactly once and ending at the
 * current page, which is not a link. `current` names a page the trail does not include yet (a
 * product); when the trail already ends at `current.url` (a listing), that crumb becomes current.
 * The same page twice in a row is shown once. Crumbs are matched by URL, never by name: a super
 * category may well be called "Home" and is still a page of its own.
 */
export function crumbsFrom(items: BreadcrumbItem[], current: { label: string; url: string }): Crumb[] {
  const home = items.find((i) => i.url === HOME_URL);
  const crumbs: Crumb[] = [{ label: home?.name ?? 'Home', to: HOME_URL }];
  for (const i of items) {
    if (i.url === HOME_URL || crumbs[crumbs.length - 1]!.to === i.url) continue;
    crumbs.push({ label: i.name, to: i.url });
  }
  const last = crumbs[crumbs.length - 1]!;
  if (last.to === current.url && crumbs.length > 1) crumbs[crumbs.length - 1] = { label: current.label };
  else crumbs.push({ label: current.label });
  return crumbs;
}
