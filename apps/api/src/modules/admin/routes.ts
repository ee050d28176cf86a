import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  AdminLinkTokenSchema,
  AdminPluginListSchema,
  AdminPluginParamsSchema,
  AdminPluginSchema,
  AdminReviewParamsSchema,
  AdminStorefrontSchema,
  AuditLogQuerySchema,
  AuditLogSchema,
  ModeSubscriberListSchema,
  SignupListQuerySchema,
  MODE_SUBSCRIBERS_PAGE_SIZE,
  NEWSLETTER_SUBSCRIBERS_CSV_HEADER,
  NEWSLETTER_SUBSCRIBERS_PAGE_SIZE,
  NewsletterSubscriberListSchema,
  ModeratedReviewSchema,
  NullDataSchema,
  PluginInstallBodySchema,
  SettingsGetResultSchema,
  StaffAccountListSchema,
  StaffAccountSchema,
  StaffCreateBodySchema,
  StaffIdParamsSchema,
  StaffLoginBodySchema,
  StaffLoginResultSchema,
  StaffPasswordBodySchema,
  StaffSchema,
  StaffUpdateBodySchema,
  StorefrontPatchSchema,
  StoreSettingsPatchSchema,
  adminApi,
  adminNewsletterApi,
  adminMessages,
  staffMessages,
  type StaffArea,
  SHOP_FONT_FAMILIES,
} from '@shopfront/shared';
import { ifMatchVersion, setVersionTag } from './if-match.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { sendCsv } from '../../lib/csv-export.ts';
import { rememberDevice } from '../auth/known-device.ts';
import { requestMeta } from '../auth/routes.ts';
import { listAuditLog } from '../staff/audit.ts';
import { changeOwnPassword, createStaff, listStaff, signInStaff, signOutStaff, updateStaff } from '../staff/service.ts';
import { STAFF_COOKIE, STAFF_SESSION_MS, startStaffSession, type StaffMember } from '../staff/session.ts';
import { getStoreSettings } from '../settings/service.ts';
import { ADMIN_LINK_TTL_MS, adminLinkPath, mintAdminLinkToken } from '../store-state/service.ts';
import { ADMIN_MAX_FAILURES, requireStaff, staffAuth } from './auth.ts';
import { guardStaffAreas } from '../staff/permissions.ts';
import { assertMayManagePlugin, installPlugin, listAdminPlugins, removePlugin } from './plugins.ts';
import { updateStoreSettings } from './settings.ts';
import { collecting, undoOffer } from './undo/offer.ts';
import { getAdminStorefront, updateAdminStorefront } from './storefront.ts';
import { exportRoutes } from './export-routes.ts';
import {
  listModeSubscribers,
  listNewsletterSubscribers,
  modeSubscribersCsv,
  newsletterSubscribersCsv,
} from './subscribers.ts';
import { swatchRoutes } from './swatch-routes.ts';
import { adminOrderRoutes } from './orders/routes.ts';
import { adminCatalogRoutes } from './catalog/routes.ts';
import { adminTaxonomyRoutes } from './taxonomy/routes.ts';
import { adminCouponRoutes } from './coupons/routes.ts';
import { adminShippingRoutes } from './shipping/routes.ts';
import { adminBulkRoutes } from './catalog/bulk-routes.ts';
import { adminPictureRoutes } from './catalog/picture-routes.ts';
import { adminMediaRoutes } from './media/routes.ts';
import { adminServiceDetailsRoutes } from './catalog/service-details-routes.ts';
import { adminImportRoutes } from './import/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { inboxRoutes } from './inboxes/routes.ts';
import { moderateReview } from './inboxes/moderation.ts';
import { undoRoutes } from './undo/routes.ts';
import { searchSharingRoutes } from './seo/routes.ts';
import { setupRoutes } from './setup/routes.ts';
import { adminTaxRoutes } from './tax/routes.ts';
import { adminChannelRoutes } from './channels/routes.ts';
import { adminPushRoutes } from './push/routes.ts';
import { adminApplicationRoutes } from './applications/routes.ts';
import { adminBackupRoutes } from './backups/routes.ts';
import { adminTemplateRoutes } from './templates/routes.ts';
import { adminVersionRoutes } from './versions/routes.ts';
import { adminMenuRoutes } from './menus/routes.ts';
import { adminFaqRoutes } from './faqs/routes.ts';
import { adminSliderRoutes } from './sliders/routes.ts';
import { adminFormRoutes } from './forms/routes.ts';
import { adminTestimonialRoutes } from './testimonials/routes.ts';
import { adminPageRoutes } from './pages/routes.ts';
import { adminBlogPostRoutes } from './blog-posts/routes.ts';

/** The OpenAPI note on every route of the owner's API but the sign-in. */
export const AUTH_NOTE = `Owner API (ADR 26): sign in at POST /api/admin/auth/login, then send \`Authorization: Bearer sfs_…\` (a bearer session), or, from a browser, the \`sf_staff\` cookie with the \`X-Requested-With\` CSRF header on writes. 401 without a valid, unexpired session of an active staff member; 403 for an owner-only action asked by staff; 429 for wrong or expired tokens once a client address has sent ${ADMIN_MAX_FAILURES} of them in 15 minutes (a live session from there still works).`;
const OWNER_ONLY = ' Owners only (403 for other roles).';
const SCRIPT_PLUGINS_OWNER_ONLY =
  ' A plugin whose config decides what script the shop runs (runs_script: the analytics plugins) is for owners only (403 for staff).';

/** Admin Panel links one client address may mint a minute (each is a click on the Admin Panel button). */
export const ADMIN_LINK_TOKEN_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/** Per-address request limit of the sign-in, on top of the per-address and per-e-mail failure throttles. */
export const STAFF_LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const actorOf = (m: StaffMember) => ({ id: m.id, email: m.email });
const ipOf = (req: FastifyRequest) => req.ip ?? null;

/** The one public route of the owner's API. */
const staffLoginRoute: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminApi.login,
    {
      schemas: { body: StaffLoginBodySchema, data: StaffLoginResultSchema },
      tags: ['admin'],
      summary: 'Staff sign-in with e-mail and password',
      description: `session 'bearer' (default) answers a token for scripts and the CLI (valid ${STAFF_SESSION_MS.bearer / 86_400_000} days; send it as \`Authorization: Bearer …\`); 'cookie' sets the HttpOnly \`sf_staff\` cookie (${STAFF_SESSION_MS.cookie / 3_600_000} hours). 401 "These credentials do not match our records" for an unknown e-mail or a wrong password alike; 403 for a deactivated account; 429 with Retry-After after 5 failures for an e-mail (not on a browser that signed the member in before: sf_device) or 20 from an address in 15 minutes.`,
      errors: [401, 403, 422, 429],
      config: { rateLimit: STAFF_LOGIN_RATE_LIMIT },
    },
    async (req, reply) => {
      const row = await signInStaff(app.db, req.body, requestMeta(req));
      const { token, expiresAt } = await startStaffSession(app.db, row.id, req.body.session, req, reply);
      // This browser now lets the member past a lock strangers put on the e-mail (ADR 14, 26).
      await rememberDevice(app.db, app.env, req, reply, { staffId: row.id });
      return ok(
        {
          staff: { id: row.id, email: row.email, name: row.name, role: row.role },
          ...(req.body.session === 'bearer' ? { token } : {}),
          expires_at: expiresAt.toISOString(),
        },
        staffMessages.signedIn,
      );
    },
  );
};

/** Everything else: behind the staff check (one onRequest hook for the whole scope). */
const protectedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffAuth(app.db));
  guardStaffAreas(app);
  await app.register(swatchRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminShippingRoutes);
  await app.register(adminBulkRoutes);
  await app.register(adminPictureRoutes);
  await app.register(adminServiceDetailsRoutes);
  await app.register(adminImportRoutes);
  await app.register(customerRoutes);
  await app.register(exportRoutes);
  await app.register(inboxRoutes);
  await app.register(dashboardRoutes);
  await app.register(undoRoutes);
  await app.register(setupRoutes);
  await app.register(searchSharingRoutes);
  await app.register(adminTaxRoutes);
  await app.register(adminChannelRoutes);
  await app.register(adminPushRoutes);
  await app.register(adminApplicationRoutes);
  await app.register(adminBackupRoutes);
  await app.register(adminTemplateRoutes);
  await app.register(adminVersionRoutes);
  await app.register(adminMenuRoutes);
  await app.register(adminFaqRoutes);
  await app.register(adminSliderRoutes);
  await app.register(adminFormRoutes);
  await app.register(adminTestimonialRoutes);
  await app.register(adminMediaRoutes);
  await app.register(adminPageRoutes);
  await app.register(adminBlogPostRoutes);
  const doc = (area: StaffArea, summary: string, errors: readonly (403 | 404 | 409 | 422)[] = []) => ({
    tags: ['admin'],
    summary,
    description: AUTH_NOTE,
    errors: [401, ...(area === 'self' ? [] : ([403] as const)), ...errors, 429] as const,
    config: { staffArea: area },
  });

  registerEndpoint(
    app,
    adminApi.logout,
    {
      schemas: { data: NullDataSchema },
      ...doc('self', 'Sign out: the session (token or cookie) stops working at once'),
    },
    async (req, reply) => {
      const member = await requireStaff(req);
      await signOutStaff(app.db, member.sessionId);
      if (req.cookies[STAFF_COOKIE] !== undefined) reply.clearCookie(STAFF_COOKIE, { path: '/' });
      return ok(null, staffMessages.signedOut);
    },
  );

  registerEndpoint(
    app,
    adminApi.me,
    { schemas: { data: StaffSchema }, ...doc('self', 'The signed-in staff member') },
    async (req) => {
      const { id, email, name, role } = await requireStaff(req);
      return ok({ id, email, name, role });
    },
  );

  registerEndpoint(
    app,
    adminApi.linkToken,
    {
      schemas: { data: AdminLinkTokenSchema },
      ...doc(
        'self',
        `A one-time Admin Panel link, \`/admin/login?token=sfa_…\` (spec section 2), for the signed-in staff member: it signs a browser in once within ${ADMIN_LINK_TTL_MS / 60_000} minutes (POST /api/admin/auth/exchange). The storefront's Admin Panel button asks for one when clicked, so no token sits in a page. ${ADMIN_LINK_TOKEN_LIMIT.max} a minute`,
      ),
      config: { rateLimit: ADMIN_LINK_TOKEN_LIMIT, staffArea: 'self' },
    },
    async (req) => {
      const member = await requireStaff(req);
      const { token, expiresAt } = await mintAdminLinkToken(app.db, member.id);
      return ok({ link: adminLinkPath(token), expires_at: expiresAt.toISOString() });
    },
  );

  registerEndpoint(
    app,
    adminApi.changePassword,
    {
      schemas: { body: StaffPasswordBodySchema, data: NullDataSchema },
      ...doc(
        'self',
        'Change your own password (current_password, password of 10+ characters, not a common one). Your other sessions are signed out; this one stays',
        [422],
      ),
    },
    async (req) => {
      await changeOwnPassword(app.db, await requireStaff(req), req.body, ipOf(req));
      return ok(null, staffMessages.passwordChanged);
    },
  );

  registerEndpoint(
    app,
    adminApi.listStaff,
    { schemas: { data: StaffAccountListSchema }, ...doc('staff', 'List staff accounts.' + OWNER_ONLY) },
    async () => {
      return ok(await listStaff(app.db));
    },
  );

  registerEndpoint(
    app,
    adminApi.createStaff,
    {
      schemas: { body: StaffCreateBodySchema, data: StaffAccountSchema },
      ...doc(
        'staff',
        'Add a staff member (email, name, password of 10+ characters, role owner|staff). 409 when the e-mail is taken.' +
          OWNER_ONLY,
        [409, 422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      return ok(await createStaff(app.db, actorOf(member), req.body, ipOf(req)), staffMessages.staffCreated);
    },
  );

  registerEndpoint(
    app,
    adminApi.updateStaff,
    {
      schemas: { params: StaffIdParamsSchema, body: StaffUpdateBodySchema, data: StaffAccountSchema },
      ...doc(
        'staff',
        'Change a staff member’s name, role or is_active. Deactivating ends their sessions; the last active owner cannot be demoted or deactivated (409).' +
          OWNER_ONLY,
        [404, 409, 422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      const actor = collecting(actorOf(member));
      const account = await updateStaff(app.db, actor, req.params.id, req.body, ipOf(req));
      return ok(account, staffMessages.staffUpdated, undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminApi.getSettings,
    { schemas: { data: SettingsGetResultSchema }, ...doc('settings', 'All store settings (spec section 3)') },
    async () => ok(await getStoreSettings(app.db)),
  );

  registerEndpoint(
    app,
    adminApi.updateSettings,
    {
      schemas: { body: StoreSettingsPatchSchema, data: SettingsGetResultSchema },
      ...doc(
        'settings',
        'Change some store settings: send only the keys to change. Every value is checked (422 on the key; an unknown key is named); one transaction; the storefront shows the change on its next request, on every process. Changing store_url (the origin of reset links, canonical URLs and the sitemap without PUBLIC_URL): owners only, 403 for staff',
        [422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      const actor = collecting({ ...actorOf(member), role: member.role });
      const settings = await updateStoreSettings(app.db, actor, req.body, ipOf(req));
      return ok(settings, staffMessages.settingsSaved, undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminApi.getStorefront,
    {
      schemas: { data: AdminStorefrontSchema },
      ...doc(
        'content',
        'The storefront settings; has_password tells whether a store password is set (it is never returned)',
        [404],
      ),
    },
    async (_req, reply) => {
      const storefront = await getAdminStorefront(app.db);
      setVersionTag(reply, storefront.version);
      return ok(storefront);
    },
  );

  registerEndpoint(
    app,
    adminApi.updateStorefront,
    {
      schemas: { body: StorefrontPatchSchema, data: AdminStorefrontSchema },
      ...doc(
        'content',
        `Change storefront settings: mode (null, "Coming Soon", "Under Maintenance"), is_password_protection_enabled, password (write-only, 6–128 characters, not a common one; a new one signs visitors out of the protected shop), cookie warning, notice bar, top bar, layout, indexing, theme colours (hex), typography (body_font, heading_font: one of ${SHOP_FONT_FAMILIES.join(', ')}), logo, favicon, custom_css (changing it: owners only, 403 for staff). Send \`If-Match: <version>\` (the storefront's \`version\`, also its ETag) to be refused with 409 when someone changed it since. Changing mode, password protection, indexing, meta, favicon or the sharing picture needs the settings area (403 for a content editor). Nested objects are merged. Turning protection on without a password: 422 "Set a store password first"`,
        [403, 404, 409, 422],
      ),
    },
    async (req, reply) => {
      const member = await requireStaff(req);
      const ifMatch = ifMatchVersion(req, staffMessages.storefrontIfMatch);
      const actor = collecting({ ...actorOf(member), role: member.role });
      const storefront = await updateAdminStorefront(app.db, actor, req.body, ipOf(req), ifMatch);
      setVersionTag(reply, storefront.version);
      // A change that set the store password cannot be undone (the log never keeps it).
      return ok(storefront, staffMessages.storefrontSaved, req.body.password ? undefined : undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminApi.listPlugins,
    {
      schemas: { data: AdminPluginListSchema },
      ...doc('plugins', 'Every plugin the shop knows, installed or not, with its whole config'),
    },
    async () => ok(await listAdminPlugins(app.db)),
  );

  registerEndpoint(
    app,
    adminApi.installPlugin,
    {
      schemas: { params: AdminPluginParamsSchema, body: PluginInstallBodySchema, data: AdminPluginSchema },
      ...doc(
        'plugins',
        'Install a plugin or replace its config ({config}: the whole config; keys left out get their defaults or are required again); the config is checked by the plugin’s schema, defaults filled in. A save that changes nothing writes no audit entry. 404 for an unknown plugin.' +
          SCRIPT_PLUGINS_OWNER_ONLY,
        [403, 404, 422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      assertMayManagePlugin(member, req.params.name);
      const { plugin, wasInstalled } = await installPlugin(
        app.db,
        actorOf(member),
        req.params.name,
        req.body.config,
        ipOf(req),
      );
      return ok(plugin, wasInstalled ? staffMessages.pluginConfigured : staffMessages.pluginInstalled);
    },
  );

  registerEndpoint(
    app,
    adminApi.removePlugin,
    {
      schemas: { params: AdminPluginParamsSchema, data: AdminPluginSchema },
      ...doc(
        'plugins',
        'Remove a plugin (its config is kept for a later install). 404 when unknown or not installed.' +
          SCRIPT_PLUGINS_OWNER_ONLY,
        [403, 404],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      assertMayManagePlugin(member, req.params.name);
      return ok(await removePlugin(app.db, actorOf(member), req.params.name, ipOf(req)), staffMessages.pluginRemoved);
    },
  );

  registerEndpoint(
    app,
    adminApi.modeSubscribers,
    {
      schemas: { query: SignupListQuerySchema, data: ModeSubscriberListSchema },
      ...doc(
        'customers',
        `Visitors who asked to be told when the shop opens, in the order they asked: JSON in pages of ${MODE_SUBSCRIBERS_PAGE_SIZE} (?page=N; data.subscribers and data.pagination). ?format=csv answers the whole list as text/csv, streamed, with the header row email,mode,created_at,notified_at (page is ignored)`,
        [422],
      ),
    },
    async (req, reply) => {
      if (req.query.format === 'csv') {
        return sendCsv(reply, 'mode-subscribers.csv', Readable.from(modeSubscribersCsv(app.db)));
      }
      return ok(await listModeSubscribers(app.db, req.query.page));
    },
  );

  registerEndpoint(
    app,
    adminNewsletterApi.subscribers,
    {
      schemas: { query: SignupListQuerySchema, data: NewsletterSubscriberListSchema },
      ...doc(
        'customers',
        `The newsletter's sign-ups (E-mail subscription plugin: footer, /newsletter, newsletter sections, accounts): pending until the e-mailed link is followed, confirmed, or unsubscribed. JSON newest first, in pages of ${NEWSLETTER_SUBSCRIBERS_PAGE_SIZE} (?page=N; data.subscribers and data.pagination). ?format=csv answers the whole list, oldest first, as text/csv, streamed, with the header row ${NEWSLETTER_SUBSCRIBERS_CSV_HEADER} (page is ignored; a value starting with = + - @ gets a leading ')`,
        [422],
      ),
    },
    async (req, reply) => {
      if (req.query.format === 'csv') {
        return sendCsv(reply, 'newsletter-subscribers.csv', Readable.from(newsletterSubscribersCsv(app.db)));
      }
      return ok(await listNewsletterSubscribers(app.db, req.query.page));
    },
  );

  registerEndpoint(
    app,
    adminApi.auditLog,
    {
      schemas: { query: AuditLogQuerySchema, data: AuditLogSchema },
      ...doc(
        'audit',
        'The audit log of changes made through the owner API, newest first, 50 a page. Filters, each optional: area (orders, catalogue, customers, content, settings, plugins, staff, backups, undo: the actions of that part of the shop), staff (a staff id: their changes), from and to (YYYY-MM-DD, inclusive days in the shop’s time zone). data.staff lists every staff account for the filter by who made a change',
        [422],
      ),
    },
    async (req) => {
      const { page, ...filter } = req.query;
      return ok(await listAuditLog(app.db, page, filter));
    },
  );

  for (const [ep, hidden] of [
    [adminApi.hideReview, true],
    [adminApi.unhideReview, false],
  ] as const) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { params: AdminReviewParamsSchema, data: ModeratedReviewSchema },
        ...doc(
          'customers',
          hidden
            ? 'Hide a review: it leaves the product’s reviews, counts and rating everywhere the shop shows them'
            : 'Show a hidden review again, back in the product’s reviews, counts and rating',
          [404],
        ),
      },
      async (req) => {
        const member = await requireStaff(req);
        const review = await moderateReview(app.db, actorOf(member), req.params.id, hidden, ipOf(req));
        return ok(review, hidden ? adminMessages.reviewHidden : adminMessages.reviewShown);
      },
    );
  }
};

/** The owner's API (ADR 26). Its own plugin scopes: the staff check covers every route but the sign-in. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffLoginRoute);
  await app.register(protectedAdminRoutes);
};
