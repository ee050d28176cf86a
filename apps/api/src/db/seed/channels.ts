import { eq, sql } from 'drizzle-orm';
import { refreshProductSummaries } from '../../modules/catalog/summary.ts';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { DEMO_CHANNEL_ID } from './demo-data.ts';

export const DEMO_UAE_CHANNEL_ID = 'ch_uae';

/** Rupees to dirhams for the demo's price list (about ₹22.70 to the dirham), in minor units. */
const INR_MINOR_PER_AED_HALF = 1135;

/**
 * The demo's second channel (ADR 0027): the UAE store, in dirhams. Its prices are the Indian
 * ones converted and rounded to a .00 or .50 ending; living plants are not sold there (they do
 * not travel), so those products are missing from its listings. Its shipping zone covers the
 * whole country with flat-rate AED delivery and Cash on Delivery. Multi-channel is switched on;
 * India stays the default channel
 * (and is named for its country). Runs after the catalogue and India's shipping.
 */
export async function seedChannels(tx: Db): Promise<void> {
  const [uae] = await tx.select({ id: t.countries.id }).from(t.countries).where(eq(t.countries.iso2, 'AE'));
  if (!uae) throw new Error('seedChannels: the United Arab Emirates are not seeded');
  await tx.insert(t.channels).values({ id: DEMO_UAE_CHANNEL_ID, name: 'UAE', currencyCode: 'AED', countryId: uae.id });
  // With two to pick from, the first one is named for its country too.
  await tx.update(t.channels).set({ name: 'India' }).where(eq(t.channels.id, DEMO_CHANNEL_ID));

  const aed = (inr: string) => sql.raw(`greatest(50, round(${inr} / ${INR_MINOR_PER_AED_HALF}.0)::int * 50)`);
  await tx.execute(sql`
    insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor, is_available)
    select vc.variant_id, ${DEMO_UAE_CHANNEL_ID}, vc.sku, ${aed('vc.selling_price_minor')},
           case when vc.mrp_minor is null then null
                when ${aed('vc.mrp_minor')} > ${aed('vc.selling_price_minor')} then ${aed('vc.mrp_minor')} end,
           vc.is_available
      from variant_channels vc join variants v on v.id = vc.variant_id
     where vc.channel_id = (select channel_id from storefronts order by is_default desc, id limit 1)
       and not exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                        where pc.product_id = v.product_id and c.slug = 'plants')`);

  const [zone] = await tx
    .insert(t.shippingZones)
    .values({
      name: 'United Arab Emirates',
      countryId: uae.id,
      stateIds: [],
      postcodeRanges: [],
      codAvailable: true,
      codFeeMinor: 10_00,
      deliveryDaysMin: 5,
      deliveryDaysMax: 8,
      position: 2,
    })
    .returning({ id: t.shippingZones.id });
  await tx.insert(t.shippingMethods).values([
    {
      code: 'uae-standard',
      zoneId: zone!.id,
      name: 'Standard delivery',
      description: '5–8 working days by air',
      priceMinor: 25_00,
      freeOverMinor: 250_00,
      position: 0,
    },
    {
      code: 'uae-express',
      zoneId: zone!.id,
      name: 'Express delivery',
      description: '2–3 working days by air courier',
      priceMinor: 55_00,
      deliveryDaysMin: 2,
      deliveryDaysMax: 3,
      position: 1,
    },
  ]);

  await tx.update(t.storeSettings).set({ value: true }).where(eq(t.storeSettings.key, 'enable_multi_channel'));
  // The UAE listing prices (product_channel_prices), written where every summary is.
  await refreshProductSummaries(tx);
}
