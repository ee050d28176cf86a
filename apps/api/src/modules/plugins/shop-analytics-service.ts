import { sql } from 'drizzle-orm';
import type { ShopAnalyticsEventBody } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';

/** A browser id as the storefront writes it (crypto.randomUUID()); anything else is not kept. */
const VISITOR = /^[A-Za-z0-9_-]{16,64}$/;

export const visitorIdOf = (cookie: string | undefined): string | null =>
  cookie && VISITOR.test(cookie) ? cookie : null;

export type CollectOutcome = 'recorded' | 'duplicate' | 'no-consent' | 'not-installed';

/**
 * Records one event of the ShopAnalytics plugin, in one statement: only while the plugin is
 * installed, and only with consent while the storefront's cookie warning is on (`consented`:
 * the visitor's cookie choice includes the analytics group). A purchase counts once per order
 * (a partial unique index): a second report of it is a duplicate, not an error.
 */
export async function recordShopAnalyticsEvent(
  db: Db,
  input: {
    storefrontId: string;
    consented: boolean;
    visitor: string | null;
    body: ShopAnalyticsEventBody;
  },
): Promise<CollectOutcome> {
  const b = input.body;
  const [row] = await queryRows<{ installed: boolean; allowed: boolean; recorded: boolean }>(
    db,
    sql`with gate as (
          select exists (select 1 from plugins where module_name = 'ShopAnalytics' and is_installed) as installed,
                 ${input.consented}::boolean
                   or coalesce((select not is_cookie_warning_enabled from storefronts where id = ${input.storefrontId}), false)
                   as allowed
        ),
        ins as (
          insert into shop_analytics_events (event, path, visitor, value, currency, items, order_no)
          select ${b.event}, ${b.path}, ${input.visitor}, ${b.value ?? null}::double precision,
                 ${b.currency ?? null}, ${b.items ?? null}::integer, ${b.transaction_id ?? null}
            from gate where installed and allowed
          on conflict (order_no) where event = 'purchase' do nothing
          returning 1
        )
        select installed, allowed, exists (select 1 from ins) as recorded from gate`,
  );
  if (!row?.installed) return 'not-installed';
  if (!row.allowed) return 'no-consent';
  return row.recorded ? 'recorded' : 'duplicate';
}
