import type { AdminCoupon, AdminCouponInput } from '@shopfront/shared';
import { minorToInput, parseMoney } from '../catalog/money';

/**
 * The coupon editor's form and how it becomes the API's body. Amounts are typed in rupees and
 * sent as minor units; limits are typed as numbers (empty: no limit); dates are the browser's
 * local time (datetime-local) sent as ISO.
 */
export interface CouponForm {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  /** A percentage ("10") or an amount ("150"). */
  value: string;
  min_subtotal: string;
  max_discount: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  first_order_only: boolean;
  secret: boolean;
  products: { id: string; title: string }[];
  categories: { slug: string; name: string }[];
}

export const emptyCouponForm = (): CouponForm => ({
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  min_subtotal: '',
  max_discount: '',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  per_customer_limit: '',
  first_order_only: false,
  secret: false,
  products: [],
  categories: [],
});

/** ISO → the datetime-local value in the browser's time zone. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

export const fromCoupon = (c: AdminCoupon): CouponForm => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.kind === 'percent' ? String(c.value) : minorToInput(c.value),
  min_subtotal: c.min_subtotal_minor ? minorToInput(c.min_subtotal_minor) : '',
  max_discount: minorToInput(c.max_discount_minor),
  starts_at: toLocal(c.starts_at),
  ends_at: toLocal(c.ends_at),
  usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
  per_customer_limit: c.per_customer_limit === null ? '' : String(c.per_customer_limit),
  first_order_only: c.first_order_only,
  secret: c.secret,
  products: c.products,
  categories: c.categories,
});

/** A whole number typed; null when empty, NaN when not a number (the schema then says so). */
const count = (raw: string) => (raw.trim() === '' ? null : Number(raw.replace(/[,\s]/g, '')));

export function toCouponBody(f: CouponForm): AdminCouponInput {
  return {
    code: f.code,
    description: f.description,
    kind: f.kind,
    value: (f.kind === 'percent' ? count(f.value) : parseMoney(f.value)) ?? Number.NaN,
    min_subtotal_minor: parseMoney(f.min_subtotal) ?? 0,
    max_discount_minor: f.kind === 'percent' ? parseMoney(f.max_discount) : null,
    starts_at: fromLocal(f.starts_at),
    ends_at: fromLocal(f.ends_at),
    usage_limit: count(f.usage_limit),
    per_customer_limit: count(f.per_customer_limit),
    first_order_only: f.first_order_only,
    secret: f.secret,
    product_ids: f.products.map((p) => p.id),
    category_slugs: f.categories.map((c) => c.slug),
  };
}

/** The form field an API or schema path belongs to (`min_subtotal_minor` → `min_subtotal`). */
export function formField(path: string): keyof CouponForm | null {
  const head = path.split('.')[0]!;
  const map: Record<string, keyof CouponForm> = {
    code: 'code',
    description: 'description',
    kind: 'kind',
    value: 'value',
    min_subtotal_minor: 'min_subtotal',
    max_discount_minor: 'max_discount',
    starts_at: 'starts_at',
    ends_at: 'ends_at',
    usage_limit: 'usage_limit',
    per_customer_limit: 'per_customer_limit',
    first_order_only: 'first_order_only',
    secret: 'secret',
    product_ids: 'products',
    category_slugs: 'categories',
  };
  return map[head] ?? null;
}
