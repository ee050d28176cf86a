import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { customers } from './account-schema.ts';
import { products } from './catalog-schema.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Set for reviews written by a logged-in customer; one review per customer per product. */
    customerId: integer('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    isVerifiedBuyer: boolean('is_verified_buyer').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the shop owner hides the review: it is then left out of every list and rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    uniqueIndex('reviews_customer_product_uq')
      .on(t.productId, t.customerId)
      .where(sql`${t.customerId} is not null`),
  ],
);
