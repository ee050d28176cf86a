import { eq, sql } from 'drizzle-orm';
import type { ServiceDetails } from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { products, serviceDetails } from '../../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';

type Row = typeof serviceDetails.$inferSelect;

const detailsOf = (r: Row): ServiceDetails => ({
  fee_kind: r.feeKind,
  includes: r.includes,
  turnaround_days: r.turnaroundDays,
  documents_needed: r.documentsNeeded,
  stages: r.stages,
  form_fields: r.formFields,
});

/** A product's service details: null when it is sold as a product, undefined when there is no such product. */
export async function getServiceDetails(db: Db, productId: string): Promise<ServiceDetails | null | undefined> {
  const [row] = await db
    .select({ product: products.id, details: serviceDetails })
    .from(products)
    .leftJoin(serviceDetails, eq(serviceDetails.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) return undefined;
  return row.details ? detailsOf(row.details) : null;
}

/**
 * Makes the product a service with these details, or replaces its details (checked by
 * ServiceDetailsBodySchema), with an audit entry of before and after. One transaction: the row is
 * locked, then written only when the product exists (insert … select), so a product removed
 * meanwhile answers false (404) instead of a foreign-key error. Answers whether the product exists.
 */
export async function saveServiceDetails(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  productId: string,
  details: ServiceDetails,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(serviceDetails)
      .where(eq(serviceDetails.productId, productId))
      .for('update');
    const values = {
      fee_kind: details.fee_kind,
      includes: JSON.stringify(details.includes),
      turnaround_days: details.turnaround_days,
      documents_needed: JSON.stringify(details.documents_needed),
      stages: JSON.stringify(details.stages),
      form_fields: JSON.stringify(details.form_fields),
    };
    const written = await queryRows(
      tx,
      sql`
      insert into service_details (product_id, fee_kind, includes, turnaround_days, documents_needed, stages, form_fields)
      select p.id, ${values.fee_kind}, ${values.includes}::jsonb, ${values.turnaround_days}::int,
             ${values.documents_needed}::jsonb, ${values.stages}::jsonb, ${values.form_fields}::jsonb
        from products p where p.id = ${productId}
      on conflict (product_id) do update set fee_kind = excluded.fee_kind, includes = excluded.includes,
        turnaround_days = excluded.turnaround_days, documents_needed = excluded.documents_needed,
        stages = excluded.stages, form_fields = excluded.form_fields, updated_at = now()
      returning product_id`,
    );
    if (written.length === 0) return false;
    // In services mode it is applied for from now on, never carted: its lines leave the carts still
    // being filled (add-item refuses it from the moment this commits).
    await tx.execute(
      sql`delete from cart_items ci using carts c
           where c.id = ci.cart_id and c.status = 'active' and ci.product_id = ${productId}
             and (select value #>> '{}' from store_settings where key = 'store_mode') = 'services'`,
    );
    await recordAudit(tx, {
      staff: actor,
      action: 'service-details.save',
      target: `product:${productId}`,
      before: before ? detailsOf(before) : null,
      after: details,
      ip,
    });
    return true;
  });
}

/**
 * The product is sold as a product again: its service details go (audited with what they were).
 * Answers false when there is no such product; a product that was no service is left as it is.
 */
export async function removeServiceDetails(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  productId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) return false;
    const [removed] = await tx.delete(serviceDetails).where(eq(serviceDetails.productId, productId)).returning();
    if (removed) {
      await recordAudit(tx, {
        staff: actor,
        action: 'service-details.remove',
        target: `product:${productId}`,
        before: detailsOf(removed),
        after: null,
        ip,
      });
    }
    return true;
  });
}
