const formats = new Map<string, Intl.NumberFormat>();

/** Integer minor units as the shop's currency (₹1,299, AED 45.50). */
export function formatMoney(minor: number, currency: string): string {
  // Whole amounts without ".00" (₹1,499), others with their paise (₹1,499.50).
  const key = `${currency}:${minor % 100 === 0 ? 0 : 2}`;
  let f = formats.get(key);
  if (!f) {
    const digits = minor % 100 === 0 ? 0 : 2;
    f = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, f);
  }
  return f.format(minor / 100);
}

/** A row's price range: "₹499" or "₹499 – ₹699"; "No price" without one in the default channel. */
export function priceRange(min: number | null, max: number | null, currency: string): string {
  if (min === null || max === null) return 'No price';
  return min === max ? formatMoney(min, currency) : `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
}

/** What the owner typed ("1,299.50", "₹499") as minor units; null when empty, NaN when not a number. */
export function parseMoney(raw: string): number | null {
  const s = raw.replace(/[,\s₹]/g, '').replace(/^[A-Za-z]{3}/, '');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

export const minorToInput = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : String(minor / 100);
