import { asc, count, desc, gt } from 'drizzle-orm';
import {
  MODE_SUBSCRIBERS_CSV_HEADER,
  MODE_SUBSCRIBERS_PAGE_SIZE,
  NEWSLETTER_SUBSCRIBERS_CSV_HEADER,
  NEWSLETTER_SUBSCRIBERS_PAGE_SIZE,
  contentPagination,
  type ContentPagination,
  type NewsletterSubscriber,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { emailSubscribers, modeSubscribers } from '../../db/schema.ts';

export interface ModeSubscriberRow {
  email: string;
  mode: string;
  created_at: string;
  notified_at: string | null;
}

const toModeRow = (r: typeof modeSubscribers.$inferSelect): ModeSubscriberRow => ({
  email: r.email,
  mode: r.mode,
  created_at: r.createdAt.toISOString(),
  notified_at: r.notifiedAt?.toISOString() ?? null,
});

const toNewsletterRow = (r: typeof emailSubscribers.$inferSelect): NewsletterSubscriber => ({
  email: r.email,
  status: r.status,
  source: r.source,
  created_at: r.createdAt.toISOString(),
  confirmed_at: r.confirmedAt?.toISOString() ?? null,
});

/** One page of the visitors who asked to be told when the shop opens, in the order they asked. */
export async function listModeSubscribers(
  db: Db,
  page: number,
): Promise<{ subscribers: ModeSubscriberRow[]; pagination: ContentPagination }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(modeSubscribers)
      .orderBy(asc(modeSubscribers.id))
      .limit(MODE_SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * MODE_SUBSCRIBERS_PAGE_SIZE),
    db.select({ n: count() }).from(modeSubscribers),
  ]);
  return {
    subscribers: rows.map(toModeRow),
    pagination: contentPagination(page, MODE_SUBSCRIBERS_PAGE_SIZE, total?.n ?? 0),
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a value a
 * spreadsheet would run as a formula (= + - @, a tab or a CR first, or their full-width forms)
 * gets a leading apostrophe, as the other exports (docs/csv-formats.md).
 */
function csvField(value: string | null): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r＝＋－＠]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const csvLine = (fields: (string | null)[]) => fields.map(csvField).join(',') + '\r\n';

/** Rows read per query while streaming a CSV. */
const CSV_BATCH = 500;

/**
 * A whole list as CSV (header row first, CRLF line ends), produced batch by batch (keyset on
 * the id, oldest first), so a long list is streamed without being held in memory. Each batch is
 * its own read: someone subscribing during the export may or may not be in it.
 */
async function* keysetCsv<R extends { id: number }>(
  header: string,
  batchAfter: (id: number, limit: number) => Promise<R[]>,
  fields: (row: R) => (string | null)[],
): AsyncGenerator<string> {
  yield header + '\r\n';
  let after = 0;
  for (;;) {
    const rows = await batchAfter(after, CSV_BATCH);
    if (rows.length > 0) yield rows.map((r) => csvLine(fields(r))).join('');
    if (rows.length < CSV_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The shop-opening list as CSV: email, mode, created_at, notified_at. */
export const modeSubscribersCsv = (db: Db) =>
  keysetCsv(
    MODE_SUBSCRIBERS_CSV_HEADER,
    (id, limit) =>
      db.select().from(modeSubscribers).where(gt(modeSubscribers.id, id)).orderBy(asc(modeSubscribers.id)).limit(limit),
    (r) => {
      const row = toModeRow(r);
      return [row.email, row.mode, row.created_at, row.notified_at];
    },
  );

/** The newsletter's list as CSV, every status: email, status, source, created_at, confirmed_at. */
export const newsletterSubscribersCsv = (db: Db) =>
  keysetCsv(
    NEWSLETTER_SUBSCRIBERS_CSV_HEADER,
    (id, limit) =>
      db
        .select()
        .from(emailSubscribers)
        .where(gt(emailSubscribers.id, id))
        .orderBy(asc(emailSubscribers.id))
        .limit(limit),
    (r) => {
      const row = toNewsletterRow(r);
      return [row.email, row.status, row.source, row.created_at, row.confirmed_at];
    },
  );

/** One page of the newsletter's sign-ups (every status), newest first. */
export async function listNewsletterSubscribers(
  db: Db,
  page: number,
): Promise<{ subscribers: NewsletterSubscriber[]; pagination: ContentPagination }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailSubscribers)
      .orderBy(desc(emailSubscribers.createdAt), desc(emailSubscribers.id))
      .limit(NEWSLETTER_SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * NEWSLETTER_SUBSCRIBERS_PAGE_SIZE),
    db.select({ n: count() }).from(emailSubscribers),
  ]);
  return {
    subscribers: rows.map(toNewsletterRow),
    pagination: contentPagination(page, NEWSLETTER_SUBSCRIBERS_PAGE_SIZE, total?.n ?? 0),
  };
}
