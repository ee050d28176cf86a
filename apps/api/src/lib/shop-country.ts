import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OTP_PHONE_LENGTH } from '@shopfront/shared';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';

/** The shop's mobile numbers: calling code and digit count. */
export interface ShopMobileCountry {
  mobileCode: string;
  mobileNumberLength: number;
}

/** The country a request's phone numbers belong to: its channel's country (issue 12, Channels). */
export interface PhoneCountry extends ShopMobileCountry {
  /**
   * The default channel's country: its numbers are stored as bare national digits (as they always
   * were); any other country's with its calling code ('+971501234567'), so they never collide.
   */
  home: boolean;
}

/** The home country's channel: the default_channel setting, else the default storefront's channel. */
export const homeChannel = sql`select ch.id, ch.country_id
        from channels ch
        left join store_settings s on s.key = 'default_channel'
        left join storefronts sf on sf.channel_id = ch.id
        order by (ch.id = s.value #>> '{}') desc nulls last, sf.is_default desc nulls last, ch.id
        limit 1`;

const homeMobileCountry = namedQuery<{ code: string; len: number }>()({
  name: 'shop-country.home',
  columns: ['code', 'len'],
  example: {},
  build: () =>
    sql`select c.mobile_code as code, c.mobile_number_length as len
        from (${homeChannel}) h join countries c on c.id = h.country_id`,
});

const mobileCountry = namedQuery<{ code: string; len: number; home: boolean | null }>()({
  name: 'shop-country.of-country',
  columns: ['code', 'len', 'home'],
  example: { countryId: 1 },
  build: ({ countryId }: { countryId: number }) =>
    sql`select c.mobile_code as code, c.mobile_number_length as len,
               c.id = (select h.country_id from (${homeChannel}) h) as home
        from countries c where c.id = ${countryId}`,
});

const callingCodes = namedQuery<{ code: string }>()({
  name: 'shop-country.calling-codes',
  columns: ['code'],
  example: {},
  build: () => sql`select distinct mobile_code as code from countries`,
});

/**
 * The country of the shop's phone numbers: the default channel's country (store setting
 * default_channel), else the default storefront's; '' and 10 digits when neither is configured.
 */
export async function shopMobileCountry(db: Db): Promise<ShopMobileCountry> {
  const [row] = await homeMobileCountry(db, {});
  return row
    ? { mobileCode: row.code, mobileNumberLength: Number(row.len) }
    : { mobileCode: '', mobileNumberLength: OTP_PHONE_LENGTH };
}

/** The phone country of `countryId` (a channel's country); the home country when it is unknown. */
export async function channelPhoneCountry(db: Db, countryId: number | null): Promise<PhoneCountry> {
  if (countryId !== null) {
    const [row] = await mobileCountry(db, { countryId });
    if (row) return { mobileCode: row.code, mobileNumberLength: Number(row.len), home: row.home !== false };
  }
  return { ...(await shopMobileCountry(db)), home: true };
}

/** The phone country of the request's channel (read with req.shop(); the home country when no storefront is set up). */
export async function requestPhoneCountry(db: Db, req: FastifyRequest): Promise<PhoneCountry> {
  const shop = await req.shop().catch(() => null);
  return shop?.phoneCountry ?? channelPhoneCountry(db, null);
}

/** '+971' for '+971', '971' or '+ 971'; '' for none. */
const plusCode = (code: string) => {
  const digits = code.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
};

/** How a national number typed in `country` is stored (customers.phone, OTP codes, throttles). */
export function storedPhone(country: PhoneCountry, national: string): string {
  const code = plusCode(country.mobileCode);
  return country.home || !code ? national : `${code}${national}`;
}

/** The country calling code a stored number starts with (longest match), or null for a home number. */
async function codeOfStored(db: Db, stored: string): Promise<{ code: string; prefix: string } | null> {
  if (!stored.startsWith('+')) return null;
  const rows = await callingCodes(db, {});
  let best: { code: string; prefix: string } | null = null;
  for (const { code } of rows) {
    const prefix = plusCode(code);
    if (prefix && stored.startsWith(prefix) && prefix.length > (best?.prefix.length ?? 0)) best = { code, prefix };
  }
  return best;
}

/**
 * The number as the shopper types and sees it: national digits (a home number is stored so; any
 * other loses its calling code). No query for a home number.
 */
export async function nationalPhone(db: Db, stored: string | null): Promise<string | null> {
  if (stored === null || !stored.startsWith('+')) return stored;
  const found = await codeOfStored(db, stored);
  return found ? stored.slice(found.prefix.length) : stored;
}

/** nationalPhone in SQL, for a query that reads a customer's phone (`stored`: a column). */
export function nationalPhoneSql(stored: SQL): SQL {
  return sql`case when ${stored} like '+%' then coalesce(
      (select substr(${stored}, length(x.prefix) + 1)
         from (select '+' || regexp_replace(mobile_code, '[^0-9]', '', 'g') as prefix from countries) x
        where x.prefix <> '+' and starts_with(${stored}, x.prefix)
        order by length(x.prefix) desc limit 1),
      ${stored}) else ${stored} end`;
}

/** The calling code of a stored number as configured (e.g. '+971'); the home country's for a bare one. */
export async function callingCodeOf(db: Db, stored: string): Promise<string> {
  return (await codeOfStored(db, stored))?.code ?? (await shopMobileCountry(db)).mobileCode;
}

/**
 * The stored form of a phone typed in `country`. The customer's own number, typed as shown to
 * them (nationalPhone), stays theirs in any channel: a UAE customer saving their name in the
 * Indian channel keeps their UAE number.
 */
export async function resolveTypedPhone(
  db: Db,
  country: PhoneCountry,
  typed: string,
  own: string | null,
): Promise<string> {
  if (own !== null && typed === (await nationalPhone(db, own))) return own;
  return storedPhone(country, typed);
}

/** The length a typed phone must have: the channel country's, or the own number's as shown (see resolveTypedPhone). */
export async function typedPhoneLength(
  db: Db,
  country: PhoneCountry,
  typed: unknown,
  own: string | null,
): Promise<number> {
  if (own !== null && typeof typed === 'string') {
    const shown = await nationalPhone(db, own);
    if (shown !== null && typed.trim() === shown) return shown.length;
  }
  return country.mobileNumberLength;
}
