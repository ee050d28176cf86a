import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { namedQuery } from '../db/named-query.ts';
import { BACKGROUND_MARK } from './shop-context.ts';

/** The tables whose rows carry a publish time. */
const SCHEDULED_TABLES = new Set(['pages', 'blog_posts']);

/** setTimeout's longest wait; a later time is re-armed when this one fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** When the next scheduled page or blog post goes live (null: none is waiting). */
const nextScheduled = namedQuery<{ at: Date | string | null }>()({
  name: 'scheduled-content.next',
  columns: ['at'],
  example: {},
  build: () =>
    sql`${sql.raw(BACKGROUND_MARK)} select least(
          (select min(publish_at) from pages where is_published and publish_at > now()),
          (select min(published_at) from blog_posts where is_published and published_at > now())
        ) as at`,
});

/**
 * Scheduled pages and blog posts become visible by the clock, not by a write, so no table
 * notification says when (content-version.ts). Each process keeps one timer for the next such
 * moment and moves its content generation on then, so a cached page never keeps a scheduled page
 * or post hidden after its time (the public reads filter by time, so none shows early). The timer
 * is re-armed after every content change (a new schedule) and after it fires.
 */
export function watchScheduledContent(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const arm = async () => {
    const [next] = await nextScheduled(app.db, {});
    clearTimeout(timer);
    if (closed || !next?.at) return;
    // A little after the moment: the database's now() must have passed it when the page is read.
    const wait = Math.min(Math.max(0, new Date(next.at).getTime() - Date.now()) + 25, MAX_TIMER_MS);
    timer = setTimeout(() => app.contentVersion.bump(), wait);
    timer.unref();
  };
  // A closed database (a test that closes it first) has nothing to schedule.
  const rearm = () => void arm().catch(() => {});
  // Only a change to pages or posts can move the next moment (a bump without a table — the owner
  // API's own, or a lost listening connection — may be one of them); a menu or a price cannot.
  app.contentVersion.onBump((table) => {
    if (table === undefined || SCHEDULED_TABLES.has(table)) rearm();
  });
  app.addHook('onReady', async () => rearm());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
