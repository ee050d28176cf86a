import { sql } from 'drizzle-orm';
import { pages } from '../../db/schema.ts';

/**
 * A page shoppers may see: published, and its publish_at (if any) has come. Scheduled pages are
 * filtered by time here, so none shows early; lib/scheduled-content.ts moves the page cache on
 * when the time comes, so none stays hidden after it.
 */
export const pageIsLive = sql`(${pages.isPublished} and (${pages.publishAt} is null or ${pages.publishAt} <= now()))`;
