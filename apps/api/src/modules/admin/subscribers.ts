import { asc } from 'drizzle-orm';
import { MODE_SUBSCRIBERS_CSV_HEADER } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { modeSubscribers } from '../../db/schema.ts';

export interface ModeSubscriberRow {
  email: string;
  mode: string;
  created_at: string;
  notified_at: string | null;
}

/** Visitors who asked to be told when the shop opens, oldest first. */
export async function listModeSubscribers(db: Db): Promise<ModeSubscriberRow[]> {
  const rows = await db.select().from(modeSubscribers).orderBy(asc(modeSubscribers.createdAt), asc(modeSubscribers.id));
  return rows.map((r) => ({
    email: r.email,
    mode: r.mode,
    created_at: r.createdAt.toISOString(),
    notified_at: r.notifiedAt?.toISOString() ?? null,
  }));
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a value a
 * spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe.
 */
function csvField(value: string | null): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The list as CSV, header row first, CRLF line ends. */
export function modeSubscribersCsv(rows: ModeSubscriberRow[]): string {
  const lines = rows.map((r) => [r.email, r.mode, r.created_at, r.notified_at].map(csvField).join(','));
  return [MODE_SUBSCRIBERS_CSV_HEADER, ...lines].join('\r\n') + '\r\n';
}
