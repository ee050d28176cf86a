import { isDeepStrictEqual } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import {
  roleMayUse,
  staffMessages,
  webFontEntries,
  type AdminStorefront,
  type StorefrontPatchSchema,
} from '@shopfront/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { storefronts } from '../../db/schema.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../lib/password.ts';
import { getStorefront } from '../storefront/service.ts';
import { MASK, recordAudit, type AuditActor } from '../staff/audit.ts';
import type { StaffMember } from '../staff/session.ts';
import { faviconIcons } from './seo/pictures.ts';
import { assertReferencesExist } from './settings.ts';
import { keepVersion, stateBeforeFirst } from './versions/service.ts';

type StorefrontPatch = z.output<typeof StorefrontPatchSchema>;
type StorefrontRow = typeof storefronts.$inferSelect;

const NO_STOREFRONT = 'No storefront is configured';

/**
 * The storefront's keys that are store settings, not content: whether the shop is open or behind
 * a password, and how search engines and sharing see it (the Search and sharing card). A member
 * without the settings area (a content editor) gets 403 changing one; sending its current value
 * (a whole form) is no change and passes.
 */
const SETTINGS_KEYS = new Set<keyof StorefrontPatch>([
  'mode',
  'is_password_protection_enabled',
  'password',
  'enable_indexing',
  'meta',
  'favicon',
  'social_sharing_image',
]);

/**
 * What the Theme screen edits, the keys its versions keep (issue 28): the body of a whole-look
 * PATCH. A save changing none of them (a store setting) keeps no version.
 */
const THEME_KEYS = [
  'theme',
  'typography',
  'logo',
  'custom_css',
  'page_layout',
  'is_sticky_header_enabled',
  'is_scroll_button_enabled',
  'notice_bar',
  'topbar',
  'is_cookie_warning_enabled',
  'cookie_warning',
] as const satisfies readonly (keyof StorefrontPatch)[];

/** The row's look as a Theme version's body. */
const themeBody = (row: StorefrontRow) => {
  const view = viewOf(row);
  return Object.fromEntries(THEME_KEYS.map((k) => [k, view[k]]));
};

/** The default storefront's settings as the owner sees them: `has_password`, never the password. */
export async function getAdminStorefront(db: Db): Promise<AdminStorefront> {
  const [storefront, [row]] = await Promise.all([
    getStorefront(db),
    db
      .select({ hash: storefronts.passwordHash, version: storefronts.version })
      .from(storefronts)
      .orderBy(desc(storefronts.isDefault))
      .limit(1),
  ]);
  if (!storefront || !row) throw notFound(NO_STOREFRONT);
  return { ...storefront, has_password: Boolean(row.hash), version: row.version };
}

/** The values of a row the patch's keys name, as the API shows them (for the audit entry). */
export function viewOf(row: StorefrontRow): Record<keyof StorefrontPatch, unknown> {
  return {
    mode: row.mode ?? null,
    is_password_protection_enabled: row.isPasswordProtectionEnabled,
    password: row.passwordHash ? MASK : null,
    is_cookie_warning_enabled: row.isCookieWarningEnabled,
    cookie_warning: row.look.cookie_warning,
    notice_bar: row.look.notice_bar,
    topbar: row.look.topbar,
    page_layout: row.pageLayout,
    is_sticky_header_enabled: row.isStickyHeaderEnabled,
    is_scroll_button_enabled: row.isScrollButtonEnabled,
    enable_indexing: row.enableIndexing,
    theme: row.theme,
    typography: { body_font: row.look.typography.body_font, heading_font: row.look.typography.heading_font },
    custom_css: row.customCss,
    logo: row.look.logo,
    favicon: row.look.favicon[0]?.url ?? null,
    meta: { title: row.look.meta.title, description: row.look.meta.description },
    social_sharing_image: row.socialSharingImage,
  };
}

/**
 * Changes the default storefront's settings in one transaction (its row locked, so concurrent
 * changes queue instead of overwriting each other's nested objects), with one audit entry of the
 * keys that changed. A new store password is stored as argon2id only; visitors' store-access
 * cookies are signed with a key derived from the hash, so they stop working with the old password.
 * Turning password protection on needs a password, saved before or given now (else 422); a
 * common password is refused as for staff (422 on `password`). Changing `custom_css` is for
 * owners only (403): a stylesheet can exfiltrate what a page shows, so in staff hands it would
 * reach an owner's browser. With `ifMatch` (the `version` the editor loaded), a storefront
 * changed since is refused with 409: two owners on the Theme screen never overwrite each other
 * silently (the row lock makes two saves of one version queue, and the second sees the new version).
 */
export async function updateAdminStorefront(
  db: Db,
  actor: AuditActor & Pick<StaffMember, 'role'>,
  patch: StorefrontPatch,
  ip: string | null,
  ifMatch: number | null = null,
): Promise<AdminStorefront> {
  const slug = patch.notice_bar?.page_slug;
  await assertReferencesExist(db, { pages: slug ? [['notice_bar.page_slug', slug]] : [] });
  if (patch.password !== undefined) await assertNewPasswordAllowed(patch.password);
  const passwordHash = patch.password === undefined ? undefined : await hashPassword(patch.password);

  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(storefronts).orderBy(desc(storefronts.isDefault)).limit(1).for('update');
    if (!row) throw notFound(NO_STOREFRONT);
    if (ifMatch !== null && ifMatch !== row.version) throw new HttpError(409, staffMessages.storefrontStale);
    if (patch.custom_css !== undefined && patch.custom_css !== row.customCss && actor.role !== 'owner') {
      throw new HttpError(403, staffMessages.forbidden);
    }
    if (patch.is_password_protection_enabled === true && !row.passwordHash && passwordHash === undefined) {
      throw fieldError('is_password_protection_enabled', staffMessages.storePasswordFirst);
    }
    const look = {
      ...row.look,
      ...(patch.cookie_warning ? { cookie_warning: { ...row.look.cookie_warning, ...patch.cookie_warning } } : {}),
      ...(patch.notice_bar ? { notice_bar: { ...row.look.notice_bar, ...patch.notice_bar } } : {}),
      ...(patch.topbar ? { topbar: { ...row.look.topbar, ...patch.topbar } } : {}),
      ...(patch.typography ? { typography: { ...row.look.typography, ...patch.typography } } : {}),
      ...(patch.logo !== undefined ? { logo: patch.logo && { url: patch.logo.url, alt: patch.logo.alt ?? '' } } : {}),
      // An uploaded set in its sizes; any other address one icon of any size (the browser scales it).
      ...(patch.favicon !== undefined ? { favicon: patch.favicon ? faviconIcons(patch.favicon) : [] } : {}),
      ...(patch.meta ? { meta: { ...row.look.meta, ...patch.meta } } : {}),
    };
    const [updated] = await tx
      .update(storefronts)
      .set({
        ...(patch.mode !== undefined ? { mode: patch.mode } : {}),
        ...(patch.is_password_protection_enabled !== undefined
          ? { isPasswordProtectionEnabled: patch.is_password_protection_enabled }
          : {}),
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(patch.is_cookie_warning_enabled !== undefined
          ? { isCookieWarningEnabled: patch.is_cookie_warning_enabled }
          : {}),
        ...(patch.page_layout !== undefined ? { pageLayout: patch.page_layout } : {}),
        ...(patch.is_sticky_header_enabled !== undefined
          ? { isStickyHeaderEnabled: patch.is_sticky_header_enabled }
          : {}),
        ...(patch.is_scroll_button_enabled !== undefined
          ? { isScrollButtonEnabled: patch.is_scroll_button_enabled }
          : {}),
        ...(patch.enable_indexing !== undefined ? { enableIndexing: patch.enable_indexing } : {}),
        ...(patch.theme ? { theme: { ...row.theme, ...patch.theme } } : {}),
        ...(patch.custom_css !== undefined ? { customCss: patch.custom_css } : {}),
        ...(patch.social_sharing_image !== undefined ? { socialSharingImage: patch.social_sharing_image } : {}),
        // The files of the chosen web fonts, from the shared list: never a path a client sent.
        ...(patch.typography ? { fonts: webFontEntries(look.typography) } : {}),
        look,
        version: sql`${storefronts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(storefronts.id, row.id))
      .returning();

    const before = viewOf(row);
    const after = viewOf(updated!);
    const changed = (Object.keys(patch) as (keyof StorefrontPatch)[]).filter(
      // A new password always counts as a change, even when it reads the same masked.
      (k) => k === 'password' || !isDeepStrictEqual(before[k], after[k]),
    );
    const settingsChanged = changed.filter((k) => SETTINGS_KEYS.has(k));
    if (settingsChanged.length && !roleMayUse(actor.role, 'settings'))
      throw new HttpError(403, staffMessages.forbidden);
    if (changed.length === 0) return;
    if (changed.some((k) => (THEME_KEYS as readonly string[]).includes(k))) {
      // Its first version also keeps the look before (the storefront row is locked above).
      const before = await stateBeforeFirst(tx, 'theme', row.id, async () => ({
        body: themeBody(row),
        at: row.updatedAt,
      }));
      await keepVersion(tx, { kind: 'theme', subject: row.id, by: actor.email, body: themeBody(updated!) }, before);
    }
    await recordAudit(tx, {
      staff: actor,
      action: 'storefront.update',
      target: `storefront:${row.id}`,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      ip,
    });
  });
  return getAdminStorefront(db);
}
