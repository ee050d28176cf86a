/**
 * The first-run steps (issue 25) and their names, in a module without zod: the panel's
 * navigation (always loaded) names them, the setup schemas (schemas/admin-setup.ts) check them.
 */
export const SETUP_STEPS = ['store', 'region', 'tax', 'cod', 'shipping', 'payments', 'legal'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  store: 'Store name, logo and colours',
  region: 'Country and currency',
  tax: 'Tax (GST)',
  cod: 'Cash on Delivery',
  shipping: 'Shipping',
  payments: 'Online payments',
  legal: 'Terms, privacy and returns',
};
