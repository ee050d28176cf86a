import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditEntryParamsSchema,
  UNDOABLE_ACTIONS,
  UndoBodySchema,
  UndoResultSchema,
  adminDashboardApi,
  undoMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { undoAuditEntry } from './service.ts';

/** Undo of an audit entry (issue 25), inside the owner API's protected scope. */
export const undoRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminDashboardApi.undo,
    {
      schemas: { params: AuditEntryParamsSchema, body: UndoBodySchema, data: UndoResultSchema },
      tags: ['admin'],
      summary: `Undo a change: puts back the audit entry's "before" values through the same service (audited as usual, plus an audit.undo entry). Kinds: ${UNDOABLE_ACTIONS.join(', ')}. The body's also (a save answer's undo.also) names the other entries of the same save, undone with it in one transaction (all or none). 409 "${undoMessages.changedSince}" when the record no longer holds the entry's "after" values (changed since, or undone already); 422 for any other kind (staff.create, plugin.install, plugin.remove, …) and for a change that set the store password; 403 when your role does not include the record's area`,
      description:
        'Owner API (ADR 26): a staff session (Bearer token, or the sf_staff cookie with the X-Requested-With header). Owners and managers (the audit area), and the record’s own area.',
      errors: [401, 403, 404, 409, 422, 429],
      config: { staffArea: 'audit' },
    },
    async (req) => {
      const member = await requireStaff(req);
      return ok(
        await undoAuditEntry(app.db, member, req.params.id, req.ip ?? null, req.body?.also ?? []),
        undoMessages.undone,
      );
    },
  );
};
