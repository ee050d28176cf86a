import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** The shop's mobile numbers: calling code and digit count. */
export interface ShopMobileCountry {
  mobileCode: string;
  mobileNumberLength: number;
}

/**
 * The country of the shop's phone numbers: the default channel's country (store setting
 * default_channel), else the default storefront's; '' and 10 digits when neither is configured.
 */
export async function shopMobileCountry(db: Db): Promise<ShopMobileCountry> {
  const [row] = await queryRows<{ code: string; len: number }>(
    db,
    sql`select c.mobile_code as code, c.mobile_number_length as len
        from channels ch join countries c on c.id = ch.country_id
        left join store_settings s on s.key = 'default_channel'
        left join storefronts sf on sf.channel_id = ch.id
        order by (ch.id = s.value #>> '{}') desc nulls last, sf.is_default desc nulls last, ch.id
        limit 1`,
  );
  return row
    ? { mobileCode: row.code, mobileNumberLength: Number(row.len) }
    : { mobileCode: '', mobileNumberLength: 10 };
}
