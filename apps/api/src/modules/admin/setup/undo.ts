import { eq, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { staffMessages, undoMessages } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import * as t from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http.ts';
import { COD } from '../../../db/payment-methods.ts';
import { MASK, maskSecrets, recordAudit } from '../../staff/audit.ts';
import { updatePrivateSetting } from '../settings.ts';
import { setStandardRate } from '../tax/rates.ts';
import { SETUP_SETTING, SHOP_SHIPPING_METHOD } from './base.ts';
import {
  PAYMENT_SETUP_SETTING,
  legalSnapshot,
  moveChannel,
  writeLegalPages,
  type LegalSnapshot,
  TAX_RATE_SETTING,
  readPaymentSetup,
  saveCodStep,
  saveShippingStep,
  shippingValues,
  type SetupActor,
  type StoredPayments,
} from './service.ts';

/**
 * Undo of the setup steps whose changes are not plain store settings (attacker review finding 5):
 * the tax rate and the payment choice (private settings), Cash on Delivery and the shipping zone.
 * Each locks what it changes, compares it with the audit entry's "after" (409 when it changed
 * since), then puts "before" back through the step's own service, which audits it as usual.
 */
type Values = Record<string, unknown>;
const changedSince = () => new HttpError(409, undoMessages.changedSince);
const same = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), b ?? null);

/** The private settings the setup writes, and how each is put back. */
export const PRIVATE_SETTINGS: readonly string[] = [TAX_RATE_SETTING, PAYMENT_SETUP_SETTING];

/** One private setting (tax_rate_percent or payment_setup) back to its "before" value. */
export async function undoPrivateSetting(
  tx: Db,
  actor: SetupActor,
  key: string,
  before: unknown,
  after: unknown,
  ip: string | null,
): Promise<void> {
  const [row] = await tx
    .select({ value: t.storeSettings.value })
    .from(t.storeSettings)
    .where(eq(t.storeSettings.key, key))
    .for('update');
  // The log keeps secrets masked: compare the stored value masked the same way.
  if (!same(maskSecrets(row?.value ?? null), after)) throw changedSince();
  if (key === PAYMENT_SETUP_SETTING) {
    // Where the shop's money goes is the owner's to decide (the step's own route says so too).
    if (actor.role !== 'owner') throw new HttpError(403, staffMessages.forbidden);
    // A secret the log masked cannot be put back: the owner types the keys again.
    if (JSON.stringify(before ?? null).includes(MASK)) throw new HttpError(422, undoMessages.secret);
    const previous = (before ?? { provider: 'cod_only' }) as Partial<StoredPayments>;
    const restored: StoredPayments = {
      ...(await readPaymentSetup(tx)),
      provider: previous.provider === 'razorpay' ? 'razorpay' : 'cod_only',
      key_id: previous.key_id ?? null,
      key_secret: previous.key_secret ?? null,
      webhook_secret: previous.webhook_secret ?? null,
    };
    await updatePrivateSetting(tx, actor, key, before === null ? null : restored, ip);
    await tx.execute(
      sql`update payment_methods set is_active = ${restored.provider === 'razorpay'} where code = 'razorpay'`,
    );
    return;
  }
  if (key === TAX_RATE_SETTING) {
    // The setting mirrors the standard class's rate: both go back.
    await setStandardRate(tx, actor, typeof before === 'number' ? before : 0, ip);
    if (before === null || before === undefined) await updatePrivateSetting(tx, actor, key, null, ip);
    return;
  }
  await updatePrivateSetting(tx, actor, key, before ?? null, ip);
}

/** Cash on Delivery's method (locked) on or off, and the first zone's fee. */
const lockCodStatus = namedQuery<{ enabled: boolean; fee_minor: number | null }>()({
  name: 'admin.setup.undo.cod-lock',
  columns: ['enabled', 'fee_minor'],
  example: {},
  build: () =>
    sql`select coalesce((select is_active from payment_methods where code = ${COD} for update), false) as enabled,
          (select cod_fee_minor from shipping_zones where cod_available order by position, id limit 1) as fee_minor`,
});

/** Cash on Delivery on or off and its fee, as they were. */
export async function undoCod(tx: Db, actor: SetupActor, before: Values, after: Values, ip: string | null) {
  const [current] = await lockCodStatus(tx, {});
  if (!current || current.enabled !== after.enabled || (current.fee_minor ?? 0) !== (after.fee_minor ?? 0)) {
    throw changedSince();
  }
  await saveCodStep(
    tx,
    actor,
    { enabled: before.enabled === true, fee_minor: typeof before.fee_minor === 'number' ? before.fee_minor : 0 },
    ip,
  );
}

/**
 * The shipping zone and method as they were; where the step made them (no "before"), the method
 * and its zone are switched off again and the step is no longer done.
 */
export async function undoShipping(tx: Db, actor: SetupActor, before: Values | null, after: Values, ip: string | null) {
  await tx.execute(sql`select code from shipping_methods where code = ${SHOP_SHIPPING_METHOD} for update`);
  const current = await shippingValues(tx);
  if (!current) throw changedSince();
  // "active" is compared too: undoing the switch-off below turns the method on again.
  for (const key of Object.keys(after))
    if (!same(current[key as keyof typeof current], after[key])) throw changedSince();
  if (before) {
    await saveShippingStep(tx, actor, { ...current, ...before } as typeof current, ip);
    return;
  }
  await tx.execute(
    sql`update shipping_zones set is_active = false
        where id = (select zone_id from shipping_methods where code = ${SHOP_SHIPPING_METHOD})`,
  );
  await tx.execute(sql`update shipping_methods set is_active = false where code = ${SHOP_SHIPPING_METHOD}`);
  await tx.execute(
    sql`update store_settings set value = jsonb_set(value, '{done}', coalesce(value->'done', '[]'::jsonb) - 'shipping'),
          updated_at = now()
        where key = ${SETUP_SETTING}`,
  );
  await recordAudit(tx, {
    staff: actor,
    action: 'shipping.update',
    target: `shipping-method:${SHOP_SHIPPING_METHOD}`,
    before: current,
    after: { ...current, active: false },
    ip,
  });
}

/** The channel (locked) with its country. */
const lockChannelCountry = namedQuery<{ id: string; iso2: string; currency_code: string }>()({
  name: 'admin.setup.undo.channel-lock',
  columns: ['id', 'iso2', 'currency_code'],
  example: { channelId: 'ch_example' },
  build: (params: { channelId: string }) =>
    sql`select c.id, k.iso2, c.currency_code from channels c join countries k on k.id = c.country_id
        where c.id = ${params.channelId} for update of c`,
});

/** The shop's channel (and the setup's zone) back to the country and currency it had. */
export async function undoChannel(
  tx: Db,
  actor: SetupActor,
  channelId: string,
  before: Values,
  after: Values,
  ip: string | null,
): Promise<void> {
  const [current] = await lockChannelCountry(tx, { channelId });
  if (!current || current.iso2 !== after.country || current.currency_code !== after.currency) throw changedSince();
  const [country] = await tx
    .select({ id: t.countries.id })
    .from(t.countries)
    .where(eq(t.countries.iso2, String(before.country)));
  if (!country) throw changedSince();
  await moveChannel(
    tx,
    actor,
    current,
    { id: country.id, iso2: String(before.country), currency: String(before.currency) },
    ip,
  );
}

/**
 * The legal pages and the storefront's links to them as they were: a page the step wrote first
 * is deleted again. 409 when a page or link changed since; an entry from before pages were kept
 * in the log (titles only) cannot be undone (409 too: its "before" is unknown).
 */
export async function undoLegalPages(tx: Db, actor: SetupActor, before: Values, after: Values, ip: string | null) {
  if (!before.pages || !after.pages) throw changedSince();
  const current = await legalSnapshot(tx);
  if (!same(current, after)) throw changedSince();
  const previous = before as unknown as LegalSnapshot;
  await writeLegalPages(tx, previous.pages, previous.links);
  await recordAudit(tx, {
    staff: actor,
    action: 'legal-pages.update',
    target: 'pages:legal',
    before: current,
    after: await legalSnapshot(tx),
    ip,
  });
}
