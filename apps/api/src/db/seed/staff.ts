import type { Db } from '../client.ts';
import { staff } from '../schema.ts';
import { hashPassword } from '../../lib/password.ts';

/** The demo shop's staff (README "Try it"): the owner signs in to the panel, the owner API and `npm run shop`; the manager and the packer show what their roles may do. */
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
  {
    id: 'stf_demo_packer',
    email: 'packer@example.com',
    password: 'Loom&Leaf-Packer-2026',
    name: 'Arjun Das',
    role: 'packer',
  },
] as const;

/** Inserts the demo owner, manager and packer unless their e-mails are taken. */
export async function seedDemoStaff(db: Db): Promise<void> {
  for (const s of DEMO_STAFF) {
    await db
      .insert(staff)
      .values({ id: s.id, email: s.email, name: s.name, role: s.role, passwordHash: await hashPassword(s.password) })
      .onConflictDoNothing();
  }
}
