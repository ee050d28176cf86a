import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminCustomerMessages } from '@shopfront/shared';
import { fieldError } from '../../lib/http.ts';
import type { StaffArea } from '@shopfront/shared';
import type { AuditActor } from '../staff/audit.ts';
import { requireStaff } from './auth.ts';
import { AUTH_NOTE } from './routes.ts';

/**
 * The version a write was made against: the `If-Match` header (`"3"`, `3` or `W/"3"`), null when
 * the header is missing or `*` (the write then applies to whatever is current). 422 with `message`
 * (naming the record: "the version of the coupon you read") for anything else.
 */
export function ifMatchVersion(req: FastifyRequest, message: string = adminCustomerMessages.ifMatch): number | null {
  const raw = req.headers['if-match'];
  if (raw === undefined || raw.trim() === '*') return null;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(raw);
  if (!m) throw fieldError('If-Match', message);
  return Number(m[1]);
}

/** Who writes and against which version: what an owner route hands its service. */
export interface OwnerAct {
  staff: AuditActor;
  ip: string | null;
  /** The If-Match version; null: no check. */
  ifMatch: number | null;
}

/** The signed-in staff member, their address and the request's If-Match version (`ifMatchMessage` on a bad one). */
export async function ownerAct(req: FastifyRequest, ifMatchMessage: string): Promise<OwnerAct> {
  const m = await requireStaff(req);
  return { staff: { id: m.id, email: m.email }, ip: req.ip ?? null, ifMatch: ifMatchVersion(req, ifMatchMessage) };
}

/** An owner route's OpenAPI and permission block in `area`: its summary, its errors beyond 401/403/429. */
export const ownerRouteDoc =
  (area: StaffArea) =>
  (summary: string, errors: readonly (404 | 409 | 422)[] = [422]) => ({
    tags: ['admin'],
    summary,
    description: AUTH_NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: area },
  });

/** Tells the client the version its next write must name. */
export function setVersionTag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}
