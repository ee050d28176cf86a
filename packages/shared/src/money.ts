import { z } from 'zod';

/** Money as the API answers it: integer minor units, ISO currency, and a display string. */
export const MoneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().length(3),
  formatted: z.string(),
});
export type Money = z.infer<typeof MoneySchema>;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
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

/** Builds the API's money object from integer minor units. */
export function money(amount: number, currency: string, locale = 'en-IN'): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be an integer, got ${amount}`);
  const major = amount / 10 ** minorUnitDigits(currency);
  return { amount, currency, formatted: formatterFor(currency, locale).format(major) };
}
