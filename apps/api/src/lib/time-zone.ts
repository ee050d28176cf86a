import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import { READ_MODEL_CHANNEL } from '../modules/catalog/summary.ts';

/** The time zone of a country that has one (India, the UAE); UTC for one that has several or is unknown. */
export function timeZoneOf(iso2: string | null): string {
  if (!iso2) return 'UTC';
  const locale = new Intl.Locale(`und-${iso2}`) as Intl.Locale & {
    getTimeZones?: () => string[];
    timeZones?: string[];
  };
  const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
  return zones.length === 1 ? zones[0]! : 'UTC';
}

const shopCountryCode = namedQuery<{ iso2: string | null }>()({
  name: 'time-zone.country',
  columns: ['iso2'],
  example: {},
  build: () =>
    sql`select co.iso2 from channels ch join countries co on co.id = ch.country_id where ch.id = ${READ_MODEL_CHANNEL}`,
});

/** The shop's time zone: its default channel's country's (Asia/Kolkata for an Indian shop). */
export async function shopTimeZone(db: Db): Promise<string> {
  const [row] = await shopCountryCode(db, {});
  return timeZoneOf(row?.iso2 ?? null);
}
