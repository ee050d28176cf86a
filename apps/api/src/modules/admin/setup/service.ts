import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  LEGAL_PAGES,
  LEGAL_PAGE_KEYS,
  SETUP_STEPS,
  SETUP_STEP_LABELS,
  setupMessages,
  type SetupPaymentsBodySchema,
  type LegalPageBody,
  type SetupCodBodySchema,
  type SetupLegalBodySchema,
  type SetupOpenBodySchema,
  type SetupRegionBodySchema,
  type SetupShippingBodySchema,
  type SetupStatus,
  type SetupStep,
  type SetupStoreBodySchema,
  type SetupTaxBodySchema,
} from '@shopfront/shared';
import type { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import * as t from '../../../db/schema.ts';
import { HttpError, fieldError } from '../../../lib/http.ts';
import { COD } from '../../../db/payment-methods.ts';
import { getStoreSettings } from '../../settings/service.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import type { StaffMember } from '../../staff/session.ts';
import { updatePrivateSetting, updateStoreSettings } from '../settings.ts';
import { getAdminStorefront, updateAdminStorefront } from '../storefront.ts';
import { setStandardRate, standardTaxRate } from '../tax/rates.ts';
import { SETUP_SETTING, SHOP_SHIPPING_METHOD } from './base.ts';
import { blocksToBody, bodyToBlocks, legalTemplate } from './legal-templates.ts';

type Out<S extends z.ZodType> = z.output<S>;
export type SetupActor = AuditActor & Pick<StaffMember, 'role'>;

/** store_settings key of the payment choice and the Razorpay keys (never answered back). */
export const PAYMENT_SETUP_SETTING = 'payment_setup';
export const TAX_RATE_SETTING = 'tax_rate_percent';

interface Progress {
  done: SetupStep[];
  opened_at: string | null;
}

/** The setup's progress; null in a shop that began before the setup (the demo): nothing to do there. */
async function readProgress(db: Db): Promise<Progress | null> {
  const [row] = await db
    .select({ value: t.storeSettings.value })
    .from(t.storeSettings)
    .where(eq(t.storeSettings.key, SETUP_SETTING));
  if (!row) return null;
  const v = row.value as Partial<Progress>;
  return {
    done: Array.isArray(v.done) ? v.done.filter((s): s is SetupStep => SETUP_STEPS.includes(s)) : [],
    opened_at: typeof v.opened_at === 'string' ? v.opened_at : null,
  };
}

/** Marks a step done: one conditional update (a repeat changes nothing). */
async function markDone(db: Db, step: SetupStep): Promise<void> {
  await db.execute(
    sql`update store_settings set value = jsonb_set(value, '{done}', coalesce(value->'done', '[]'::jsonb) || to_jsonb(${step}::text)),
          updated_at = now()
        where key = ${SETUP_SETTING} and not coalesce(value->'done', '[]'::jsonb) ? ${step}`,
  );
}

export interface StoredPayments {
  provider: 'cod_only' | 'razorpay';
  key_id: string | null;
  key_secret: string | null;
  webhook_secret: string | null;
}

/** The payment choice as saved (Cash on Delivery only when none was). */
export async function readPaymentSetup(db: Db): Promise<StoredPayments> {
  const [row] = await db
    .select({ value: t.storeSettings.value })
    .from(t.storeSettings)
    .where(eq(t.storeSettings.key, PAYMENT_SETUP_SETTING));
  const v = (row?.value ?? {}) as Partial<StoredPayments>;
  return {
    provider: v.provider === 'razorpay' ? 'razorpay' : 'cod_only',
    key_id: typeof v.key_id === 'string' ? v.key_id : null,
    key_secret: typeof v.key_secret === 'string' ? v.key_secret : null,
    webhook_secret: typeof v.webhook_secret === 'string' ? v.webhook_secret : null,
  };
}

/** The setup's shipping method with its zone (null: none). */
async function setupShipping(db: Db) {
  const [row] = await db
    .select({ method: t.shippingMethods, zone: t.shippingZones })
    .from(t.shippingMethods)
    .innerJoin(t.shippingZones, eq(t.shippingZones.id, t.shippingMethods.zoneId))
    .where(eq(t.shippingMethods.code, SHOP_SHIPPING_METHOD));
  return row ?? null;
}

/** The setup's shipping values as the step saves them (null: none yet), and whether the method is on. */
export async function shippingValues(db: Db) {
  const row = await setupShipping(db);
  if (!row) return null;
  return {
    zone_name: row.zone.name,
    method_name: row.method.name,
    rate_minor: row.method.priceMinor,
    free_above_minor: row.method.freeOverMinor,
    delivery_days_min: row.method.deliveryDaysMin ?? row.zone.deliveryDaysMin ?? 3,
    delivery_days_max: row.method.deliveryDaysMax ?? row.zone.deliveryDaysMax ?? 7,
    active: row.method.isActive,
  };
}

const shopChannelRow = namedQuery<{ id: string; currency_code: string; country_id: number; iso2: string }>()({
  name: 'admin.setup.shop-channel',
  columns: ['id', 'currency_code', 'country_id', 'iso2'],
  example: {},
  build: () =>
    sql`select c.id, c.currency_code, c.country_id, k.iso2 from channels c join countries k on k.id = c.country_id
        order by (c.id = (select value #>> '{}' from store_settings where key = 'default_channel')) desc, c.id limit 1`,
});

/** The shop's channel (the default_channel setting's) with its country. */
async function shopChannel(db: Db) {
  const [row] = await shopChannelRow(db, {});
  if (!row) throw new HttpError(409, 'The shop has no channel');
  return row;
}

const publishedCount = namedQuery<{ n: number }>()({
  name: 'admin.setup.published-products',
  columns: ['n'],
  example: {},
  build: () => sql`select count(*)::int as n from products where is_published`,
});

/** How many products shoppers can see. */
async function publishedProducts(db: Db): Promise<number> {
  const [row] = await publishedCount(db, {});
  return row?.n ?? 0;
}

/** Cash on Delivery on or off, and the first zone's fee. */
const codStatus = namedQuery<{ enabled: boolean; fee_minor: number | null }>()({
  name: 'admin.setup.cod',
  columns: ['enabled', 'fee_minor'],
  example: {},
  build: () =>
    sql`select coalesce((select is_active from payment_methods where code = ${COD}), false) as enabled,
              (select cod_fee_minor from shipping_zones where cod_available order by position, id limit 1) as fee_minor`,
});

/** GET /api/admin/setup: every step's values and whether it is done. */
export async function getSetupStatus(db: Db, activeProviders: readonly string[]): Promise<SetupStatus> {
  const [progress, settings, storefront, channel, taxRate, cod, shipping, payments, countries, legalRows, products] =
    await Promise.all([
      readProgress(db),
      getStoreSettings(db, ['store_name', 'store_email']),
      getAdminStorefront(db),
      shopChannel(db),
      standardTaxRate(db),
      codStatus(db, {}),
      setupShipping(db),
      readPaymentSetup(db),
      db
        .select({ iso2: t.countries.iso2, name: t.countries.name, currency_code: t.countries.currencyCode })
        .from(t.countries)
        .orderBy(asc(t.countries.name)),
      db
        .select({ slug: t.pages.slug, title: t.pages.title, blocks: t.pages.blocks })
        .from(t.pages)
        .where(
          sql`${t.pages.slug} in (${sql.join(
            LEGAL_PAGE_KEYS.map((k) => sql`${LEGAL_PAGES[k].slug}`),
            sql`, `,
          )})`,
        ),
      publishedProducts(db),
    ]);
  const done = (step: SetupStep) => !progress || progress.done.includes(step);
  // Before the first save, the name the shop already shows ("A new shop"): the owner edits it.
  const storeName = settings.store_name || storefront.name;
  const legal = Object.fromEntries(
    LEGAL_PAGE_KEYS.map((k): [string, LegalPageBody] => {
      const page = legalRows.find((r) => r.slug === LEGAL_PAGES[k].slug);
      return [
        k,
        page
          ? { title: page.title, body: blocksToBody(page.blocks) }
          : legalTemplate(k, storeName, settings.store_email ?? ''),
      ];
    }),
  ) as Record<(typeof LEGAL_PAGE_KEYS)[number], LegalPageBody>;
  const missing = SETUP_STEPS.filter((s) => !done(s));
  return {
    state: !progress || progress.opened_at ? 'live' : 'setting_up',
    published_products: products,
    missing,
    countries,
    steps: {
      store: {
        done: done('store'),
        values: {
          store_name: storeName,
          store_email: settings.store_email ?? '',
          logo: storefront.logo,
          primary_colour: storefront.theme.primary,
          accent_colour: storefront.theme.accent,
        },
      },
      region: { done: done('region'), values: { country: channel.iso2, currency: channel.currency_code } },
      tax: { done: done('tax'), values: { tax_rate_percent: Math.round(taxRate), prices_include_tax: true } },
      cod: { done: done('cod'), values: { enabled: cod[0]?.enabled ?? false, fee_minor: cod[0]?.fee_minor ?? 0 } },
      shipping: {
        done: done('shipping'),
        values: {
          zone_name: shipping?.zone.name ?? '',
          method_name: shipping?.method.name ?? 'Standard delivery',
          rate_minor: shipping?.method.priceMinor ?? 0,
          free_above_minor: shipping?.method.freeOverMinor ?? null,
          delivery_days_min: shipping?.method.deliveryDaysMin ?? shipping?.zone.deliveryDaysMin ?? 3,
          delivery_days_max: shipping?.method.deliveryDaysMax ?? shipping?.zone.deliveryDaysMax ?? 7,
        },
      },
      payments: {
        done: done('payments'),
        values: {
          provider: payments.provider,
          key_id: payments.key_id,
          has_key_secret: payments.key_secret !== null,
          has_webhook_secret: payments.webhook_secret !== null,
          razorpay_active: activeProviders.includes('razorpay'),
        },
      },
      legal: { done: done('legal'), values: legal },
    },
  };
}

/** Store name, e-mail, logo and colours: the store settings and the storefront, through their own services. */
export async function saveStoreStep(
  db: Db,
  actor: SetupActor,
  body: Out<typeof SetupStoreBodySchema>,
  ip: string | null,
) {
  await updateStoreSettings(db, actor, { store_name: body.store_name, store_email: body.store_email }, ip);
  await updateAdminStorefront(
    db,
    actor,
    { logo: body.logo, theme: { primary: body.primary_colour, accent: body.accent_colour } },
    ip,
  );
  await markDone(db, 'store');
}

/**
 * Country and currency: the store_country setting, and the shop's channel (prices, checkout's
 * phone country) and the setup's shipping zone moved to that country. The currency must be the
 * country's (422 on currency).
 */
export async function saveRegionStep(
  db: Db,
  actor: SetupActor,
  body: Out<typeof SetupRegionBodySchema>,
  ip: string | null,
) {
  const [country] = await db
    .select({ id: t.countries.id, currency: t.countries.currencyCode })
    .from(t.countries)
    .where(eq(t.countries.iso2, body.country));
  if (!country) throw fieldError('country', 'No country has this code');
  if (country.currency !== body.currency) throw fieldError('currency', setupMessages.countryCurrency);
  await updateStoreSettings(db, actor, { store_country: body.country }, ip);
  const channel = await shopChannel(db);
  await db.transaction((tx) => moveChannel(tx, actor, channel, { ...country, iso2: body.country }, ip));
  await markDone(db, 'region');
}

/**
 * The shop's channel moved to a country and its currency, with the setup's shipping zone (the
 * whole country), audited as channel.update; nothing when it is there already.
 */
export async function moveChannel(
  tx: Db,
  actor: SetupActor,
  channel: { id: string; iso2: string; currency_code: string },
  to: { id: number; iso2: string; currency: string },
  ip: string | null,
): Promise<void> {
  const changed = await queryRows(
    tx,
    sql`update channels set currency_code = ${to.currency}, country_id = ${to.id}
        where id = ${channel.id} and (currency_code <> ${to.currency} or country_id <> ${to.id})
        returning id`,
  );
  if (changed.length === 0) return;
  await tx.execute(
    sql`update shipping_zones set country_id = ${to.id}, state_ids = '[]'::jsonb, postcode_ranges = '[]'::jsonb
        where id = (select zone_id from shipping_methods where code = ${SHOP_SHIPPING_METHOD})`,
  );
  await recordAudit(tx, {
    staff: actor,
    action: 'channel.update',
    target: `channel:${channel.id}`,
    before: { country: channel.iso2, currency: channel.currency_code },
    after: { country: to.iso2, currency: to.currency },
    ip,
  });
}

/** The standard tax class's rate (admin/tax/rates.ts): what products of that class, shipping and the COD fee carry. */
export async function saveTaxStep(db: Db, actor: SetupActor, body: Out<typeof SetupTaxBodySchema>, ip: string | null) {
  if (!body.prices_include_tax) throw fieldError('prices_include_tax', setupMessages.taxExclusive);
  await db.transaction((tx) => setStandardRate(tx, actor, body.tax_rate_percent, ip));
  await markDone(db, 'tax');
}

/** Cash on Delivery's method (locked) on or off, and every zone's fee where it is offered. */
const lockCod = namedQuery<{ enabled: boolean; fees: number[] | null }>()({
  name: 'admin.setup.cod-lock',
  columns: ['enabled', 'fees'],
  example: {},
  build: () =>
    sql`select coalesce((select is_active from payment_methods where code = ${COD} for update), false) as enabled,
            (select json_agg(cod_fee_minor order by position, id) from shipping_zones where cod_available) as fees`,
});

/**
 * Cash on Delivery: the payment method on or off, and the fee of every zone that offers it (the
 * cart adds the zone's fee, ADR 0023). One transaction with its audit entry.
 */
export async function saveCodStep(db: Db, actor: SetupActor, body: Out<typeof SetupCodBodySchema>, ip: string | null) {
  await db.transaction(async (tx) => {
    const [before] = await lockCod(tx, {});
    await tx.execute(sql`update payment_methods set is_active = ${body.enabled} where code = ${COD}`);
    await tx.execute(sql`update shipping_zones set cod_fee_minor = ${body.fee_minor} where cod_available`);
    await recordAudit(tx, {
      staff: actor,
      action: 'cod.update',
      target: `payment-method:${COD}`,
      before: { enabled: before?.enabled ?? false, fee_minor: before?.fees?.[0] ?? null },
      after: body,
      ip,
    });
  });
  await markDone(db, 'cod');
}

/**
 * The shop's one shipping zone (the whole country of its channel) and its method: flat rate,
 * free above an amount. Created on first save where the shop has none.
 */
export async function saveShippingStep(
  db: Db,
  actor: SetupActor,
  body: Out<typeof SetupShippingBodySchema>,
  ip: string | null,
) {
  const channel = await shopChannel(db);
  await db.transaction(async (tx) => {
    const current = await setupShipping(tx);
    const previous = await shippingValues(tx);
    let zoneId = current?.zone.id;
    if (zoneId === undefined) {
      const [zone] = await tx
        .insert(t.shippingZones)
        .values({ name: body.zone_name, countryId: channel.country_id, position: 0 })
        .returning({ id: t.shippingZones.id });
      zoneId = zone!.id;
    }
    await tx
      .update(t.shippingZones)
      .set({
        name: body.zone_name,
        deliveryDaysMin: body.delivery_days_min,
        deliveryDaysMax: body.delivery_days_max,
        isActive: true,
      })
      .where(eq(t.shippingZones.id, zoneId));
    const method = {
      zoneId,
      name: body.method_name,
      priceMinor: body.rate_minor,
      freeOverMinor: body.free_above_minor,
      deliveryDaysMin: body.delivery_days_min,
      deliveryDaysMax: body.delivery_days_max,
      isActive: true,
    };
    await tx
      .insert(t.shippingMethods)
      .values({ code: SHOP_SHIPPING_METHOD, ...method })
      .onConflictDoUpdate({ target: t.shippingMethods.code, set: method });
    await recordAudit(tx, {
      staff: actor,
      action: 'shipping.update',
      target: `shipping-method:${SHOP_SHIPPING_METHOD}`,
      before: previous,
      after: { ...body, active: true },
      ip,
    });
  });
  await markDone(db, 'shipping');
}

/**
 * The payment choice. Razorpay's keys are checked for their shape (no call to Razorpay: the
 * server may have no network) and saved (never answered back, masked in the audit log). This
 * process takes Razorpay payments only with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET in its
 * environment (`razorpay_active` in the status says so); reading the saved keys at start is not
 * built yet. Cash on Delivery only turns the Razorpay method off.
 */
export async function savePaymentsStep(
  db: Db,
  actor: SetupActor,
  parsed: Out<typeof SetupPaymentsBodySchema>,
  ip: string | null,
) {
  const stored: StoredPayments =
    parsed.provider === 'razorpay'
      ? {
          provider: 'razorpay',
          key_id: parsed.key_id ?? null,
          key_secret: parsed.key_secret ?? null,
          webhook_secret: parsed.webhook_secret ?? null,
        }
      : { provider: 'cod_only', key_id: null, key_secret: null, webhook_secret: null };
  await updatePrivateSetting(db, actor, PAYMENT_SETUP_SETTING, stored, ip);
  await db.execute(
    sql`update payment_methods set is_active = ${parsed.provider === 'razorpay'} where code = 'razorpay'`,
  );
  await markDone(db, 'payments');
}

type LegalPageRow = { title: string; blocks: unknown; is_published: boolean };
/** The legal pages as they are (null: none) and the storefront's terms and privacy links: an audit entry's values. */
export interface LegalSnapshot {
  pages: Record<(typeof LEGAL_PAGE_KEYS)[number], LegalPageRow | null>;
  links: { terms: string | null; privacy: string | null };
}

/** The default storefront's terms and privacy page links, locked. */
const lockLegalLinks = namedQuery<{ terms: string | null; privacy: string | null }>()({
  name: 'admin.setup.legal-links',
  columns: ['terms', 'privacy'],
  example: {},
  build: () =>
    sql`select terms_page_slug as terms, privacy_page_slug as privacy from storefronts
        order by is_default desc limit 1 for update`,
});

/** The legal pages and links, locked (the step and its undo queue up). */
export async function legalSnapshot(tx: Db): Promise<LegalSnapshot> {
  const slugs = LEGAL_PAGE_KEYS.map((k) => LEGAL_PAGES[k].slug);
  const rows = await tx
    .select({ slug: t.pages.slug, title: t.pages.title, blocks: t.pages.blocks, is_published: t.pages.isPublished })
    .from(t.pages)
    .where(inArray(t.pages.slug, slugs))
    .orderBy(asc(t.pages.slug))
    .for('update');
  const [links] = await lockLegalLinks(tx, {});
  return {
    pages: Object.fromEntries(
      LEGAL_PAGE_KEYS.map((k) => {
        const row = rows.find((r) => r.slug === LEGAL_PAGES[k].slug);
        return [k, row ? { title: row.title, blocks: row.blocks, is_published: row.is_published } : null];
      }),
    ) as LegalSnapshot['pages'],
    links: links ?? { terms: null, privacy: null },
  };
}

/** Writes the legal pages (a null page is deleted) and the storefront's links to them. */
export async function writeLegalPages(tx: Db, pages: LegalSnapshot['pages'], links: LegalSnapshot['links']) {
  for (const key of LEGAL_PAGE_KEYS) {
    const { slug } = LEGAL_PAGES[key];
    const page = pages[key];
    if (!page) {
      await tx.delete(t.pages).where(eq(t.pages.slug, slug));
      continue;
    }
    const values = { title: page.title, blocks: page.blocks as never, isPublished: page.is_published };
    await tx
      .insert(t.pages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: t.pages.slug, set: { ...values, updatedAt: sql`now()` } });
  }
  await tx.execute(
    sql`update storefronts set terms_page_slug = ${links.terms}, privacy_page_slug = ${links.privacy}, updated_at = now()
        where id = (select id from storefronts order by is_default desc limit 1)`,
  );
}

/**
 * The legal pages: each written (or rewritten) as a page, terms and privacy linked from the
 * storefront and the checkout (privacy_policy_page, the storefront's terms and privacy pages).
 */
export async function saveLegalStep(
  db: Db,
  actor: SetupActor,
  body: Out<typeof SetupLegalBodySchema>,
  ip: string | null,
) {
  await db.transaction(async (tx) => {
    const before = await legalSnapshot(tx);
    await writeLegalPages(
      tx,
      Object.fromEntries(
        LEGAL_PAGE_KEYS.map((k) => [
          k,
          { title: body[k].title, blocks: bodyToBlocks(body[k].body), is_published: true },
        ]),
      ) as LegalSnapshot['pages'],
      { terms: LEGAL_PAGES.terms.slug, privacy: LEGAL_PAGES.privacy.slug },
    );
    await recordAudit(tx, {
      staff: actor,
      action: 'legal-pages.update',
      target: 'pages:legal',
      before,
      after: await legalSnapshot(tx),
      ip,
    });
  });
  await updateStoreSettings(db, actor, { privacy_policy_page: LEGAL_PAGES.privacy.slug, allow_tnc_checkout: true }, ip);
  await markDone(db, 'legal');
}

/**
 * Opens the shop: refused (409, `errors.steps`) while a step is missing; else the storefront
 * leaves "Coming Soon" (its own service, which audits it) and the setup is marked opened.
 */
export async function openShop(
  db: Db,
  actor: SetupActor,
  body: Out<typeof SetupOpenBodySchema>,
  ip: string | null,
): Promise<void> {
  const progress = await readProgress(db);
  const missing = progress ? SETUP_STEPS.filter((s) => !progress.done.includes(s)) : [];
  if (missing.length) {
    const labels = missing.map((s) => SETUP_STEP_LABELS[s]);
    throw new HttpError(409, setupMessages.missingSteps(labels), { steps: missing });
  }
  // An empty shop is a real choice (products may come right after), but never an unnoticed one.
  if ((await publishedProducts(db)) === 0 && body?.acknowledge_empty_catalogue !== true) {
    throw new HttpError(409, setupMessages.emptyCatalogueAck, {
      acknowledge_empty_catalogue: [setupMessages.emptyCatalogue],
    });
  }
  await updateAdminStorefront(db, actor, { mode: null }, ip);
  await db.execute(
    sql`update store_settings set value = jsonb_set(value, '{opened_at}', to_jsonb(now()::text)), updated_at = now()
        where key = ${SETUP_SETTING} and value->>'opened_at' is null`,
  );
}
