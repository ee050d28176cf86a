import { sql } from 'drizzle-orm';
import { ServiceDetailsSchema, type ServiceDetails } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

const detailsRow = namedQuery<
  Record<'fee_kind' | 'includes' | 'turnaround_days' | 'documents_needed' | 'stages' | 'form_fields', unknown>
>()({
  name: 'applications.service-details',
  columns: ['fee_kind', 'includes', 'turnaround_days', 'documents_needed', 'stages', 'form_fields'],
  example: { productId: 'prd_example' },
  build: ({ productId }: { productId: string }) =>
    sql`select fee_kind, includes, turnaround_days, documents_needed, stages, form_fields
          from service_details where product_id = ${productId}`,
});

/**
 * A service's details (service_details, written by the owner's service editor), or null when the
 * product is not a service. Parsed through the contract's schema, so a field an older row lacks
 * takes its default.
 */
export async function loadServiceDetails(db: Db, productId: string): Promise<ServiceDetails | null> {
  const [row] = await detailsRow(db, { productId });
  return row ? ServiceDetailsSchema.parse(row) : null;
}
