import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminCustomerMessages } from '@shopfront/shared';
import { fieldError } from '../../lib/http.ts';

/**
 * The version a write was made against: the `If-Match` header (`"3"`, `3` or `W/"3"`), null when
 * the header is missing or `*` (the write then applies to whatever is current). 422 for anything else.
 */
export function ifMatchVersion(req: FastifyRequest): number | null {
  const raw = req.headers['if-match'];
  if (raw === undefined || raw.trim() === '*') return null;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(raw);
  if (!m) throw fieldError('If-Match', adminCustomerMessages.ifMatch);
  return Number(m[1]);
}

/** Tells the client the version its next write must name. */
export function setVersionTag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}
