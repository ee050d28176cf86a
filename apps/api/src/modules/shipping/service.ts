import { sql } from 'drizzle-orm';
import { addressMessages, orderMessages, type Address } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { zoneOf, type ZoneRow } from './zones.ts';

/** The active zones, in the order an address is matched against them (zoneOf picks from them). */
export async function activeZones(db: Db): Promise<ZoneRow[]> {
  return queryRows<ZoneRow>(
    db,
    sql`select id, name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
               delivery_days_min, delivery_days_max, position, is_active
          from shipping_zones where is_active order by position, id`,
  );
}

/**
 * The server-side check of an address at checkout (spec section 5, address step 7): its country
 * exists, its state is one of that country's, and, for a shipping address, a zone serves it
 * (ADR 0023). Answers the message for the first thing wrong, or null when it is fine. One query.
 */
export async function addressProblem(
  db: Db,
  address: Pick<Address, 'country_id' | 'state_id' | 'postcode'>,
  opts: { delivery: boolean },
): Promise<string | null> {
  const [row] = await queryRows<{ country: boolean; state_country: number | null; zones: ZoneRow[] }>(
    db,
    sql`select exists (select 1 from countries where id = ${address.country_id}) as country,
               (select country_id from states where id = ${address.state_id ?? null}::int) as state_country,
               (select coalesce(json_agg(z order by z.position, z.id), '[]'::json) from (
                  select id, name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
                         delivery_days_min, delivery_days_max, position, is_active
                    from shipping_zones where is_active and country_id = ${address.country_id}) z) as zones`,
  );
  if (!row?.country) return addressMessages.countryInvalid;
  if (address.state_id !== null && row.state_country !== address.country_id) return orderMessages.stateMismatch;
  if (opts.delivery && !zoneOf(row.zones, address)) return orderMessages.notServed;
  return null;
}
