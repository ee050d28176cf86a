import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/** Country ids by ISO code ('IN') and state ids by country and state code ('IN-KA'), from the seed. */
export async function placeIds(db: Db): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const r of await queryRows<{ key: string; id: number }>(
    db,
    sql`select iso2 as key, id from countries union all
        select c.iso2 || '-' || s.code, s.id from states s join countries c on c.id = s.country_id`,
  )) {
    ids[r.key] = r.id;
  }
  return ids;
}

/**
 * A shipping address as PUT /api/cart/update-address takes it, in `where` (country-state, e.g.
 * IN-KA) at `postcode`; a phone number of that country.
 */
export function shippingAddress(ids: Record<string, number>, where: string, postcode: string, city = 'Somewhere') {
  const [country] = where.split('-');
  return {
    address_type: 'Shipping',
    first_name: 'Asha',
    last_name: 'Rao',
    phone: country === 'AE' ? '501234567' : '9876543210',
    email: 'asha@example.test',
    address_line_1: '12 Main Road',
    city,
    postcode,
    country_id: ids[country!]!,
    state_id: ids[where]!,
  };
}
