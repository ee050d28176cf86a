import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleMayUse, staffMessages, type StaffArea } from '@shopfront/shared';
import { HttpError } from '../../lib/http.ts';
import type { StaffMember } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The part of the shop an owner route belongs to (packages/shared/src/staff-roles.ts). */
    staffArea?: StaffArea;
  }
  interface FastifyInstance {
    /** Every owner route and its area, as registered (the authorisation matrix test walks them). */
    ownerRoutes: OwnerRoute[];
  }
}

export interface OwnerRoute {
  method: string;
  url: string;
  area: StaffArea;
}

/** The 403 of a member whose role does not include the area. */
export function assertMayUse(member: Pick<StaffMember, 'role'>, area: StaffArea): void {
  if (!roleMayUse(member.role, area)) throw new HttpError(403, staffMessages.forbidden);
}

/** The 403 of a staff member asking for an owner's action. */
export function assertOwner(member: Pick<StaffMember, 'role'>): void {
  if (member.role !== 'owner') throw new HttpError(403, staffMessages.forbidden);
}

/**
 * Role checks for a scope of owner routes, once per request: every route registered in the scope
 * must name its `config.staffArea` (registration fails without one, so no route is left open to
 * every role by omission), and an onRequest hook answers 403 to a member whose role does not include it.
 * Runs after the scope's staff check (401 first).
 */
export function guardStaffAreas(app: FastifyInstance): void {
  if (!app.hasDecorator('ownerRoutes')) throw new Error('ownerRoutes is decorated on the root app');
  app.addHook('onRoute', (route) => {
    const area = route.config?.staffArea;
    if (!area) throw new Error(`Owner route ${String(route.method)} ${route.url} names no config.staffArea`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.ownerRoutes.push({ method, url: route.url, area });
    }
  });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const area = req.routeOptions.config.staffArea;
    const member = await req.getStaff();
    if (!area || !member) throw new HttpError(401, staffMessages.signInRequired);
    assertMayUse(member, area);
  });
}
