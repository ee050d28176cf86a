import type { Db } from '../client.ts';
import { staff } from '../schema.ts';
import { hashPassword } from '../../lib/password.ts';

/** The demo shop's staff (README "Try it"): the owner signs in to the owner API and `npm run shop`. */
export const DEMO_STAFF = [
  {
    id: 'stf_demo_owner',
    email: 'owner@example.com',
    password: 'Loom&Leaf-Owner-2026',
    name: 'Meera Iyer',
    role: 'owner',
  },
  {
    id: 'stf_demo_staff',
    email: 'staff@example.com',
    password: 'Loom&Leaf-Staff-2026',
    name: 'Ravi Menon',
    role: 'manager',
  },
] as const;

/** Inserts the demo owner and staff member unless their e-mails are taken. */
export async function seedDemoStaff(db: Db): Promise<void> {
  for (const s of DEMO_STAFF) {
    await db
      .insert(staff)
      .values({ id: s.id, email: s.email, name: s.name, role: s.role, passwordHash: await hashPassword(s.password) })
      .onConflictDoNothing();
  }
}
