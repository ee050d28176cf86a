/** A positive page number from the URL (`?page=`); anything else is page 1. */
export function pageParam(url: URL, name = 'page', max = 1000): number {
  const raw = url.searchParams.get(name);
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(max, Math.max(1, Number(raw)));
}

/** Path plus the query parameters that define the content (for canonical URLs). */
export function pathWith(pathname: string, params: Record<string, string | number | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${pathname}?${s}` : pathname;
}
