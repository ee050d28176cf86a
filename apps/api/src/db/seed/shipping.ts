import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';

/** A demo zone (ADR 0023) and its delivery options. */
interface DemoZone {
  zone: Omit<typeof t.shippingZones.$inferInsert, 'countryId'>;
  methods: Omit<typeof t.shippingMethods.$inferInsert, 'zoneId'>[];
}

/**
 * Where the demo shop delivers, in matching order: the islands first (their postcodes would
 * otherwise fall in the India zone), then the rest of India. Standard delivery is free from
 * ₹999 everywhere, as the notice bar promises; the islands have no Cash on Delivery.
 */
export const DEMO_SHIPPING_ZONES: DemoZone[] = [
  {
    zone: {
      name: 'Andaman & Nicobar and Lakshadweep',
      stateIds: [],
      postcodeRanges: [
        { from: '744101', to: '744304' },
        { from: '682551', to: '682559' },
      ],
      codAvailable: false,
      codFeeMinor: 0,
      deliveryDaysMin: 7,
      deliveryDaysMax: 12,
      position: 0,
    },
    methods: [
      {
        code: 'island-standard',
        name: 'Standard delivery',
        description: '7–12 working days by sea and air',
        priceMinor: 149_00,
        freeOverMinor: 999_00,
        position: 0,
      },
    ],
  },
  {
    zone: {
      name: 'India',
      stateIds: [],
      postcodeRanges: [],
      codAvailable: true,
      codFeeMinor: 49_00,
      deliveryDaysMin: 3,
      deliveryDaysMax: 6,
      position: 1,
    },
    methods: [
      {
        code: 'standard',
        name: 'Standard delivery',
        description: '3–6 working days',
        priceMinor: 79_00,
        freeOverMinor: 999_00,
        position: 0,
      },
      {
        code: 'express',
        name: 'Express delivery',
        description: '1–2 working days',
        priceMinor: 199_00,
        deliveryDaysMin: 1,
        deliveryDaysMax: 2,
        position: 1,
      },
    ],
  },
];

/** Inserts the demo shipping zones of India and their delivery options (after the countries). */
export async function seedShipping(tx: Db): Promise<void> {
  const [india] = await tx.select({ id: t.countries.id }).from(t.countries).where(eq(t.countries.iso2, 'IN'));
  if (!india) throw new Error('seedShipping: India is not seeded');
  for (const { zone, methods } of DEMO_SHIPPING_ZONES) {
    const [row] = await tx
      .insert(t.shippingZones)
      .values({ ...zone, countryId: india.id })
      .returning({ id: t.shippingZones.id });
    await tx.insert(t.shippingMethods).values(methods.map((m) => ({ ...m, zoneId: row!.id })));
  }
}
