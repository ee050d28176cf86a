import { eq } from 'drizzle-orm';
import { GST_STATES, type TaxSeller, type TaxSellerBodySchema } from '@shopfront/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { storeSettings } from '../../../db/schema.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { updatePrivateSetting } from '../settings.ts';

/** store_settings key of the seller printed on tax invoices (never a store setting: shoppers do not read it). */
export const TAX_SELLER_SETTING = 'tax_seller';

const stateName = (code: string) => GST_STATES.find((s) => s.code === code)?.name ?? '';

/** The seller as saved; empty strings until the owner saves it. */
export async function readTaxSeller(db: Db): Promise<TaxSeller> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, TAX_SELLER_SETTING));
  const v = (row?.value ?? {}) as Partial<Record<keyof TaxSeller, unknown>>;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  const state_code = str(v.state_code);
  return {
    legal_name: str(v.legal_name),
    gstin: str(v.gstin),
    address: str(v.address),
    state_code,
    state_name: stateName(state_code),
  };
}

/** Saves the seller (one upsert with its audit entry) and answers it as saved. */
export async function saveTaxSeller(
  db: Db,
  actor: AuditActor,
  body: z.output<typeof TaxSellerBodySchema>,
  ip: string | null,
): Promise<TaxSeller> {
  const { legal_name, gstin, address, state_code } = body;
  await updatePrivateSetting(db, actor, TAX_SELLER_SETTING, { legal_name, gstin, address, state_code }, ip);
  return readTaxSeller(db);
}
