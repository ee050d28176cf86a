import type { Db } from '../client.ts';
import { customers } from '../schema.ts';
import { hashPassword } from '../../lib/password.ts';

/** The demo shopper (README "Try it"): log in with e-mail and password, or by OTP to the phone. */
export const DEMO_CUSTOMER = {
  email: 'demo@loomandleaf.test',
  password: 'Demo@1234',
  phone: '9876543210',
  firstName: 'Asha',
  lastName: 'Verma',
} as const;

/** The demo customer registered this many days ago: before their first demo order (orders.ts, 41 days ago). */
export const DEMO_CUSTOMER_SINCE_DAYS = 60;

/** Hashing takes a moment: do it before the seed transaction opens. */
export const demoCustomerPasswordHash = () => hashPassword(DEMO_CUSTOMER.password);

/** Inserts the demo customer (phone verified) unless an account with its e-mail or phone exists. */
export async function seedDemoCustomer(db: Db, passwordHash: string): Promise<void> {
  const since = new Date(Date.now() - DEMO_CUSTOMER_SINCE_DAYS * 24 * 60 * 60_000);
  await db
    .insert(customers)
    .values({
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      passwordHash,
      phoneVerifiedAt: since,
      emailVerifiedAt: since,
      createdAt: since,
      updatedAt: since,
    })
    .onConflictDoNothing();
}
