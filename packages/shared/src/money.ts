import { formatterFor, minorUnitDigits } from './money-format.ts';
import { z } from './zod.ts';

/** Money as the API answers it: integer minor units, ISO currency, and a display string. */
export const MoneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().length(3),
  formatted: z.string(),
});
export type Money = z.infer<typeof MoneySchema>;

/** Builds the API's money object from integer minor units. */
export function money(amount: number, currency: string, locale = 'en-IN'): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be an integer, got ${amount}`);
  const major = amount / 10 ** minorUnitDigits(currency);
  return { amount, currency, formatted: formatterFor(currency, locale).format(major) };
}
