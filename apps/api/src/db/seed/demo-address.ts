import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { DEMO_CUSTOMER } from './accounts.ts';
import { HOME } from './orders.ts';

/**
 * The demo customer's saved address: their home, where most of their orders went and every one
 * was billed, as the default shipping address (checkout starts from it). Skipped when they have
 * saved addresses already, or when the shop has no state of the address.
 */
export async function seedDemoAddress(db: Db): Promise<void> {
  await db.execute(
    sql`insert into addresses (customer_id, address_type, is_default, first_name, last_name, phone, email,
                               address_line_1, address_line_2, landmark, city, postcode, country_id, state_id)
        select c.id, 'Shipping', true, ${DEMO_CUSTOMER.firstName}, ${DEMO_CUSTOMER.lastName}, ${DEMO_CUSTOMER.phone},
               ${DEMO_CUSTOMER.email}, ${HOME.line1}, ${HOME.line2 ?? null}, ${HOME.landmark ?? null}, ${HOME.city},
               ${HOME.postcode}, s.country_id, s.id
          from customers c
          join states s on s.code = ${HOME.state}
          join countries k on k.id = s.country_id and k.iso2 = 'IN'
         where c.email = ${DEMO_CUSTOMER.email}
           and not exists (select 1 from addresses a where a.customer_id = c.id)`,
  );
}
