import { SETUP_STEPS, SETUP_STEP_LABELS, type SetupStep } from '@shopfront/shared';
import { roleMayRead, type NavItem } from '../../lib/nav';

const SETUP_KEYWORDS: Record<SetupStep, string> = {
  store: 'store name shop name logo colours brand',
  region: 'country currency region',
  tax: 'tax gst gstin vat rate',
  cod: 'cash on delivery cod fee',
  shipping: 'shipping delivery rate free above courier',
  payments: 'payments razorpay online cards upi gateway',
  legal: 'terms privacy returns refund policy legal pages',
};

/**
 * Places inside a screen the palette also finds (not in the navigation): the low-stock list, a
 * new product, each setup step by what an owner would type.
 */
export const PLACES: readonly NavItem[] = [
  {
    to: '/products/low-stock',
    label: 'Low stock',
    area: 'catalog',
    keywords: 'restock running out sold out inventory',
  },
  { to: '/products/new', label: 'Add a product', area: 'catalog', keywords: 'new product create item' },
  ...SETUP_STEPS.map((step) => ({
    to: `/setup?step=${step}`,
    label: `Setup: ${SETUP_STEP_LABELS[step]}`,
    area: 'settings' as const,
    keywords: SETUP_KEYWORDS[step],
  })),
];

/** The places of PLACES the role may use. */
export const placesFor = (role: string) => PLACES.filter((i) => roleMayRead(role, i.area));
