/**
 * The whole database schema, as drizzle-kit and the queries see it: this file only re-exports.
 * A *-schema.ts file imports the tables it references from their own file, never from here.
 */
export * from './core-schema.ts';
export * from './catalog-schema.ts';
export * from './content-schema.ts';
export * from './account-schema.ts';
export * from './review-schema.ts';
export * from './idempotency-schema.ts';
export * from './cart-schema.ts';
export * from './jobs-schema.ts';
export * from './order-schema.ts';
export * from './payment-schema.ts';
export * from './staff-schema.ts';
export * from './plugin-schema.ts';
export * from './push-schema.ts';
export * from './service-schema.ts';
export * from './import-schema.ts';
export * from './service-schema.ts';
export * from './application-schema.ts';
