/**
 * The audit log's filters that the panel's first screens read (a module without zod, as
 * staff-roles.ts): its areas and the date range message. The query schema is in schemas/admin.ts.
 */

/**
 * The audit log's areas (its `?area=` filter): each holds the actions whose first part (before
 * the first dot: `order` of `order.pack`) is listed. The undo entries (`audit.undo`) are "undo".
 */
export const AUDIT_AREAS = {
  orders: ['order', 'orders'],
  catalogue: [
    'product',
    'products',
    'variant',
    'category',
    'super-category',
    'collection',
    'swatch',
    'catalog',
    'service-details',
    'coupon',
  ],
  customers: ['customer', 'customers', 'review'],
  content: ['page', 'blog_post', 'menu', 'template', 'faq', 'slider', 'testimonial', 'media', 'form'],
  settings: [
    'store-settings',
    'storefront',
    'shipping',
    'shipping-zone',
    'shipping-method',
    'tax-rate',
    'tax-seller',
    'cod',
    'legal-pages',
    'channel',
  ],
  plugins: ['plugin'],
  staff: ['staff'],
  backups: ['backup'],
  undo: ['audit'],
} as const satisfies Record<string, readonly string[]>;
export type AuditArea = keyof typeof AUDIT_AREAS;
export const AUDIT_AREA_NAMES = Object.keys(AUDIT_AREAS) as AuditArea[];

export const auditMessages = {
  dateRange: 'The start date must be on or before the end date',
} as const;
