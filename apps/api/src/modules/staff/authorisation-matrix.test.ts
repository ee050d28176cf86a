import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_AREAS, STAFF_AREAS, STAFF_ROLES, roleMayUse, type StaffRoleName } from '@shopfront/shared';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from './testing.ts';

/**
 * Issue 25's authorisation matrix: every owner route (all of them, as registered, not a list kept
 * by hand) asked without a session answers 401, and asked by each role answers 403 exactly when
 * the role's areas leave the route's area out. An allowed role gets past the check: whatever the
 * route then says about the empty request (404, 409, 422 or 200), it is not 401 or 403.
 */
let t: TestApp;
const headers = {} as Record<StaffRoleName, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) headers[role] = (await signedInOwner(t, role)).headers;
});
afterAll(() => t.close());

/** A request for the route with an unknown id in each path parameter and an empty body. */
const ask = (method: string, url: string, h: Record<string, string>) =>
  t.app.inject({
    method: method as 'GET',
    url: url.replace(/:[a-z_]+/gi, 'no_such_id').replace(/\*$/, 'no-such-page'),
    headers: h,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('owner routes by role', () => {
  it('every owner route names a known area', () => {
    expect(t.app.ownerRoutes.length).toBeGreaterThan(15);
    for (const r of t.app.ownerRoutes) expect(STAFF_AREAS).toContain(r.area);
  });

  it('answers 401 to every owner route without a session', async () => {
    for (const r of t.app.ownerRoutes) {
      const res = await ask(r.method, r.url, {});
      expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 401]);
    }
  });

  for (const role of STAFF_ROLES) {
    it(`lets a ${role} use only the areas ${ROLE_AREAS[role].join(', ')}`, async () => {
      // Sign-out last: it ends the session the other requests use.
      const routes = [...t.app.ownerRoutes].sort(
        (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
      );
      for (const r of routes) {
        const res = await ask(r.method, r.url, headers[role]);
        const allowed = roleMayUse(role, r.area);
        const verdict = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === 403;
        expect({ route: `${r.method} ${r.url}`, area: r.area, status: res.statusCode, verdict }).toEqual({
          route: `${r.method} ${r.url}`,
          area: r.area,
          status: res.statusCode,
          verdict: true,
        });
      }
    });
  }

  it('docs/owner-roles.md shows the same matrix the API enforces', () => {
    const doc = readFileSync(new URL('../../../../../docs/owner-roles.md', import.meta.url), 'utf8');
    for (const area of STAFF_AREAS) {
      const row = doc.split('\n').find((l) => new RegExp(`^\\| ${area} +\\|`).test(l));
      expect(row, `a row for ${area}`).toBeDefined();
      const cells = row!
        .split('|')
        .slice(2, 2 + STAFF_ROLES.length)
        .map((c) => c.trim());
      expect(cells).toEqual(STAFF_ROLES.map((role) => (roleMayUse(role, area) ? 'yes' : 'no')));
    }
  });
});
