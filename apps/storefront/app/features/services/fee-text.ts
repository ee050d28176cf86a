import type { Money, ServiceDetails, ServiceFeeKind } from '@shopfront/shared';

/** Where a service is applied for (or its quote requested). */
export const applyPath = (slug: string) => `/apply/${encodeURIComponent(slug)}`;

/**
 * How a service's fee reads: "₹1,499", "From ₹2,999", "Price on quote", or "Free" for a fee of 0,
 * fixed or "from" alike: such an application is submitted at once with nothing to pay, and nothing
 * asks for more later (a price set after assessment is "on quote"; ADR 37).
 */
export function feeText(kind: ServiceFeeKind, price: Money): string {
  if (kind === 'quote') return 'Price on quote';
  if (price.amount === 0) return 'Free';
  return kind === 'from' ? `From ${price.formatted}` : price.formatted;
}

/** The call to action of a service: a quote service is asked for, any other applied for. */
export function applyLabel(kind: ServiceFeeKind): string {
  return kind === 'quote' ? 'Request a quote' : 'Apply now';
}

/** "About 7 working days", or null when the owner did not say. */
export function turnaroundText(days: ServiceDetails['turnaround_days']): string | null {
  if (days === null) return null;
  if (days === 0) return 'The same working day';
  return `About ${days} working ${days === 1 ? 'day' : 'days'}`;
}
