import { slugify } from './catalog/products.ts';

/**
 * The ids to try, in order, for a new FAQ group or slider: the one given (only it: a taken one is
 * the caller's 422), else one made from its title (`-2`, `-3`… after it), `fallback` when the
 * title has no letters or digits.
 */
export function idCandidates(given: string | undefined, title: string, max: number, fallback: string): string[] {
  if (given) return [given];
  const base =
    slugify(title)
      .slice(0, max - 4)
      .replace(/-$/, '') || fallback;
  return [base, ...Array.from({ length: 20 }, (_, i) => `${base}-${i + 2}`)];
}
