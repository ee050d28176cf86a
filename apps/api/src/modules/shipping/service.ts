import { sql, type SQL } from 'drizzle-orm';
import { addressMessages, orderMessages, type Address } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { postcodeProblem, type PrefixRange } from './postcodes.ts';
import { zoneOf, type ZoneRow } from './zones.ts';

/**
 * The active zones as one JSON array of ZoneRow, in the order an address is matched against them;
 * `where` narrows them (a condition on shipping_zones). Without bound values of its own, so the
 * cart read, kept as a function (db/sql-function.ts), can embed it.
 */
export function zonesJsonSql(where?: SQL): SQL {
  return sql`(select coalesce(json_agg(z order by z.position, z.id), '[]'::json) from (
         select id, name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
                delivery_days_min, delivery_days_max, position, is_active
           from shipping_zones where is_active${where ? sql` and ${where}` : sql``}) z)`;
}

/**
 * The active shipping methods as one JSON array of ShippingRow (cart/pricing.ts), in the order
 * they are offered. Without bound values, like zonesJsonSql, so the cart read can embed it.
 */
export const activeShippingMethodsJsonSql: SQL = sql`(select coalesce(json_agg(s order by s.position, s.code), '[]'::json) from (
         select code, zone_id, name, description, price_minor, free_over_minor, delivery_days_min, delivery_days_max, position
           from shipping_methods where is_active) s)`;

/**
 * The zones a channel's carts deliver to (ADR 0027): those of the channel's own country, and
 * those of countries that no channel sells in. An address in another channel's country is that
 * channel's to serve (in its currency), so it is "not delivered to" here. A condition on
 * shipping_zones; `channelId` is an SQL expression (a bound id, or a column of the cart read).
 */
export function channelZonesWhere(channelId: SQL): SQL {
  return sql`(shipping_zones.country_id = (select cz.country_id from channels cz where cz.id = ${channelId})
    or not exists (select 1 from channels oz where oz.country_id = shipping_zones.country_id))`;
}

const activeZonesJson = namedQuery<{ zones: ZoneRow[] }>()({
  name: 'shipping.active-zones',
  columns: ['zones'],
  example: {},
  build: () => sql`select ${zonesJsonSql()} as zones`,
});

/** An address's country and state, and the zones that may serve it (of channel `channel` when given). */
const addressFacts = namedQuery<{
  country: { has_postcodes: boolean; postcode_digits: number | null } | null;
  state: { country_id: number; name: string; postcode_prefixes: PrefixRange[] } | null;
  zones: ZoneRow[];
}>()({
  name: 'shipping.address-facts',
  columns: ['country', 'state', 'zones'],
  example: { countryId: 1, stateId: 1 as number | null, channel: sql`${'ch_example'}` as SQL | undefined },
  build: (p: { countryId: number; stateId: number | null; channel: SQL | undefined }) => {
    const inCountry = sql`country_id = ${p.countryId}`;
    return sql`select (select json_build_object('has_postcodes', has_postcodes, 'postcode_digits', postcode_digits)
                  from countries where id = ${p.countryId}) as country,
               (select json_build_object('country_id', country_id, 'name', name, 'postcode_prefixes', postcode_prefixes)
                  from states where id = ${p.stateId}::int) as state,
               ${zonesJsonSql(p.channel ? sql`${inCountry} and ${channelZonesWhere(p.channel)}` : inCountry)} as zones`;
  },
});

/** The active zones, in the order an address is matched against them (zoneOf picks from them). */
export async function activeZones(db: Db): Promise<ZoneRow[]> {
  const [row] = await activeZonesJson(db, {});
  return row?.zones ?? [];
}

/**
 * The server-side check of an address at checkout (spec section 5, address step 7): its country
 * exists, its state is one of that country's, its postcode is one of that state's (and of the
 * country's shape), and, for a shipping address, a zone serves it (ADR 0023). Answers the message
 * for the first thing wrong, or null when it is fine. One query.
 */
export async function addressProblem(
  db: Db,
  address: Pick<Address, 'country_id' | 'state_id' | 'postcode'>,
  /** channel: the cart's channel, as SQL; only its zones serve (channelZonesWhere). */
  opts: { delivery: boolean; channel?: SQL },
): Promise<string | null> {
  const [row] = await addressFacts(db, {
    countryId: address.country_id,
    stateId: address.state_id ?? null,
    channel: opts.channel,
  });
  if (!row?.country) return addressMessages.countryInvalid;
  if (address.state_id !== null && row.state?.country_id !== address.country_id) return orderMessages.stateMismatch;
  if (row.country.has_postcodes) {
    const problem = postcodeProblem(address.postcode, {
      digits: row.country.postcode_digits,
      state: row.state ? { name: row.state.name, prefixes: row.state.postcode_prefixes } : null,
    });
    if (problem) return problem;
  }
  if (opts.delivery && !zoneOf(row.zones, address)) return orderMessages.notServed;
  return null;
}
