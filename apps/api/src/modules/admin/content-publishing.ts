import { sql, type SQL } from 'drizzle-orm';
import type { PageStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { uniqueViolation } from '../auth/service.ts';
import { recordAudit } from '../staff/audit.ts';
import type { OwnerAct } from './if-match.ts';

/**
 * What the owner's pages and blog posts (issue 28) share: a row is a draft (is_published false),
 * published, or scheduled (published with its publish time ahead: the public reads wait for it).
 * Writes are one statement that changes the row only if its version is still the one the editor
 * read (If-Match). `table` and `column` are this module's callers' own names, never input.
 */
export interface PublishedTable {
  table: 'pages' | 'blog_posts';
  /** The column of the time shoppers see the row from. */
  column: 'publish_at' | 'published_at';
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** The select list's `ahead`: whether the publish time is still to come. */
export const aheadSql = (t: PublishedTable) => sql`coalesce(${sql.identifier(t.column)} > now(), false) as ahead`;

export const statusOf = (r: { is_published: boolean; ahead: boolean }): PageStatus =>
  !r.is_published ? 'draft' : r.ahead ? 'scheduled' : 'published';

/** The rows of one status. */
export function statusWhere(t: PublishedTable, status: PageStatus | undefined): SQL {
  const at = sql.identifier(t.column);
  if (status === 'draft') return sql`not is_published`;
  if (status === 'scheduled') return sql`is_published and ${at} > now()`;
  if (status === 'published') return sql`is_published and (${at} is null or ${at} <= now())`;
  return sql`true`;
}

/** Title or slug containing the words (ilike, its wildcards escaped); true without words. */
export function titleOrSlugLike(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const words = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(title ilike ${words} or slug ilike ${words})`;
}

/** The publish time a new row takes: none for a draft, the chosen time when scheduled, else now. */
export const newPublishAt = (b: { status: PageStatus; publish_at: string | null }): SQL =>
  b.status === 'draft'
    ? sql`null::timestamptz`
    : b.status === 'scheduled'
      ? sql`${b.publish_at}::timestamptz`
      : sql`now()`;

/**
 * The publish time an update stores: a draft keeps none; publishing now keeps an earlier publish
 * time (the row was already out) or takes now; scheduling takes the chosen time.
 */
export function updatedPublishAt(t: PublishedTable, b: { status: PageStatus; publish_at: string | null }): SQL {
  if (b.status !== 'published') return newPublishAt(b);
  const at = sql`${sql.identifier(t.table)}.${sql.identifier(t.column)}`;
  return sql`case when ${sql.identifier(t.table)}.is_published and ${at} <= now() then ${at} else now() end`;
}

/** The If-Match condition on the table's row; true when the write names no version. */
export const versionCheck = (t: PublishedTable, ifMatch: number | null): SQL =>
  ifMatch === null ? sql`true` : sql`${sql.identifier(t.table)}.version = ${ifMatch}`;

/** After a write matched no row: 404 when the row is unknown, else 409 (its version moved on). */
export async function refusal(
  db: Db,
  t: PublishedTable,
  id: number,
  msg: { stale: string; notFound: string },
): Promise<never> {
  const [found] = await queryRows(db, sql`select 1 from ${sql.identifier(t.table)} where id = ${id}`);
  throw found ? new HttpError(409, msg.stale) : notFound(msg.notFound);
}

/** Deletes the row at the If-Match version, answering its title and slug (none when refused). */
const deleteRow = namedQuery<{ title: string; slug: string }>()({
  name: 'admin.content.delete',
  columns: ['title', 'slug'],
  example: { t: { table: 'pages', column: 'publish_at' } as PublishedTable, id: 1, ifMatch: 1 as number | null },
  build: (p: { t: PublishedTable; id: number; ifMatch: number | null }) =>
    sql`delete from ${sql.identifier(p.t.table)} where id = ${p.id} and ${versionCheck(p.t, p.ifMatch)} returning title, slug`,
});

/**
 * Deletes the row if it is still at the If-Match version (else refusal: 404 or 409), audited as
 * `<kind>.delete` with the title and slug it had, in one transaction.
 */
export async function deleteVersioned(
  db: Db,
  act: OwnerAct,
  t: PublishedTable,
  kind: 'page' | 'blog_post',
  id: number,
  msg: { stale: string; notFound: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await deleteRow(tx, { t, id, ifMatch: act.ifMatch });
    if (!gone) await refusal(tx, t, id, msg);
    // Its kept versions go with it: nothing can restore a deleted page (Undo makes a new one).
    await tx.execute(
      sql`delete from content_versions where kind = ${kind === 'blog_post' ? 'post' : 'page'} and subject = ${String(id)}`,
    );
    await recordAudit(tx, {
      staff: act.staff,
      action: `${kind}.delete`,
      target: `${kind}:${id}`,
      before: { title: gone!.title, slug: gone!.slug },
      ip: act.ip,
    });
  });
}

/** A unique violation (the slug) as 422 at `slug` with `message`; anything else is thrown on. */
export const slugClash =
  (message: string) =>
  (e: unknown): never => {
    if (uniqueViolation(e) !== null) throw fieldError('slug', message);
    throw e;
  };

/** The message of a save: what shoppers see of the row now. */
export const savedMessage = (
  status: PageStatus,
  msg: { published: string; scheduled: string; saved: string },
): string => (status === 'published' ? msg.published : status === 'scheduled' ? msg.scheduled : msg.saved);
