/** Money formatting through Intl, free of zod so that any page can use it. */

const formatters = new Map<string, Intl.NumberFormat>();

export function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

const digits = new Map<string, number>();

/** Number of minor units in one major unit for a currency (JPY 0, INR 2, KWD 3). */
export function minorUnitDigits(currency: string): number {
  let d = digits.get(currency);
  if (d === undefined) {
    // resolvedOptions() builds a new object per call: every price on a page would pay for it.
    d = formatterFor(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
    digits.set(currency, d);
  }
  return d;
}
