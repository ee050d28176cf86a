import type { DashboardQuerySchema, DashboardSchema } from '../schemas/admin-dashboard.ts';
import type { AuditEntryParamsSchema, UndoBodySchema, UndoResultSchema } from '../schemas/admin-undo.ts';
import { endpoint } from './endpoint.ts';

type Undo = { params: typeof AuditEntryParamsSchema; body: typeof UndoBodySchema; data: typeof UndoResultSchema };

/** The dashboard and Undo (issue 25). */
export const adminDashboardApi = {
  dashboard: endpoint<{ query: typeof DashboardQuerySchema; data: typeof DashboardSchema }>(
    'GET',
    '/api/admin/dashboard',
  ),
  /** Puts back an audit entry's "before" values (409 when the record changed since, 422 for kinds that cannot be undone). */
  undo: endpoint<Undo>('POST', '/api/admin/audit/:id/undo'),
} as const;
