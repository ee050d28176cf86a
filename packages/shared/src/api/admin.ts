import type { NullDataSchema } from '../schemas/base.ts';
import type { SettingsGetResultSchema } from '../schemas/settings.ts';
import type {
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
  ModeratedReviewSchema,
  PluginInstallBodySchema,
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
} from '../schemas/admin.ts';
import { endpoint } from './endpoint.ts';

type Moderation = { params: typeof AdminReviewParamsSchema; data: typeof ModeratedReviewSchema };
type PluginParams = { params: typeof AdminPluginParamsSchema; data: typeof AdminPluginSchema };

/**
 * The owner's API (ADR 26): staff sign in at `auth/login` (the only public route) and send
 * `Authorization: Bearer sfs_…`, or the `sf_staff` cookie plus the CSRF header from a browser.
 */
export const adminApi = {
  login: endpoint<{ body: typeof StaffLoginBodySchema; data: typeof StaffLoginResultSchema }>(
    'POST',
    '/api/admin/auth/login',
  ),
  logout: endpoint<{ data: typeof NullDataSchema }>('POST', '/api/admin/auth/logout'),
  me: endpoint<{ data: typeof StaffSchema }>('GET', '/api/admin/auth/me'),
  /** A one-time Admin Panel link (the storefront's Admin Panel button posts for one). */
  linkToken: endpoint<{ data: typeof AdminLinkTokenSchema }>('POST', '/api/admin/auth/link-token'),
  changePassword: endpoint<{ body: typeof StaffPasswordBodySchema; data: typeof NullDataSchema }>(
    'PUT',
    '/api/admin/auth/password',
  ),

  listStaff: endpoint<{ data: typeof StaffAccountListSchema }>('GET', '/api/admin/staff'),
  createStaff: endpoint<{ body: typeof StaffCreateBodySchema; data: typeof StaffAccountSchema }>(
    'POST',
    '/api/admin/staff',
  ),
  updateStaff: endpoint<{
    params: typeof StaffIdParamsSchema;
    body: typeof StaffUpdateBodySchema;
    data: typeof StaffAccountSchema;
  }>('PATCH', '/api/admin/staff/:id'),

  getSettings: endpoint<{ data: typeof SettingsGetResultSchema }>('GET', '/api/admin/settings'),
  updateSettings: endpoint<{ body: typeof StoreSettingsPatchSchema; data: typeof SettingsGetResultSchema }>(
    'PATCH',
    '/api/admin/settings',
  ),

  getStorefront: endpoint<{ data: typeof AdminStorefrontSchema }>('GET', '/api/admin/storefront'),
  updateStorefront: endpoint<{ body: typeof StorefrontPatchSchema; data: typeof AdminStorefrontSchema }>(
    'PATCH',
    '/api/admin/storefront',
  ),

  listPlugins: endpoint<{ data: typeof AdminPluginListSchema }>('GET', '/api/admin/plugins'),
  installPlugin: endpoint<PluginParams & { body: typeof PluginInstallBodySchema }>('PUT', '/api/admin/plugins/:name'),
  removePlugin: endpoint<PluginParams>('DELETE', '/api/admin/plugins/:name'),

  /**
   * JSON: one page (`?page=`, MODE_SUBSCRIBERS_PAGE_SIZE a page). `?format=csv` answers the whole
   * list as text/csv (header `email,mode,created_at,notified_at`), streamed, instead of the envelope.
   */
  modeSubscribers: endpoint<{ query: typeof SignupListQuerySchema; data: typeof ModeSubscriberListSchema }>(
    'GET',
    '/api/admin/mode-subscribers',
  ),
  auditLog: endpoint<{ query: typeof AuditLogQuerySchema; data: typeof AuditLogSchema }>('GET', '/api/admin/audit-log'),

  hideReview: endpoint<Moderation>('POST', '/api/admin/reviews/:id/hide'),
  unhideReview: endpoint<Moderation>('POST', '/api/admin/reviews/:id/unhide'),
} as const;
