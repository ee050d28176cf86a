import { sql } from 'drizzle-orm';
import {
  TESTIMONIAL_LIMITS,
  adminTestimonialMessages as msg,
  type AdminTestimonial,
  type AdminTestimonialList,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';
import { lockShownPictures } from '../media/shown-pictures.ts';
import { dropVersions, keepVersion, stateBeforeFirst, type VersionState } from '../versions/service.ts';

/**
 * The testimonials editor (issue 28). Each write is one short transaction with a conditional
 * statement (an edit or delete at the If-Match version, a create below the cap, a reorder of
 * exactly the rows there are), audited in it. testimonials' trigger tells every process's page
 * cache at commit (content-version.ts).
 *
 * History (kind `testimonial`) is kept per testimonial, subject its id: the editor saves one
 * testimonial at a time (its fields, PUT /testimonials/:id), so a version is what that save took
 * and Restore puts one quote back without touching the others. A version of the whole list would
 * need a list save the API has not got, and restoring it would quietly undo every other
 * testimonial's later edits, deletes and additions. The order is not versioned. Creating one keeps
 * its first version, editing one keeps each, deleting one deletes them.
 */

/**
 * Creates and reorders take this first: a row lock cannot stop an insert, so without it two
 * creates at 199 would both pass the cap, and a create could slip into a reorder's list.
 */
const lockList = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(7319046281603)`);

type Fields = Omit<AdminTestimonial, 'id' | 'version'>;

const COLUMNS = sql`id, author_name as author, author_title, quote, rating, avatar_path as picture, is_published, version`;
const COLUMN_NAMES = ['id', 'author', 'author_title', 'quote', 'rating', 'picture', 'is_published', 'version'] as const;

const EXAMPLE_ID = { id: 1 };
const EXAMPLE_FIELDS: Fields = {
  author: 'A',
  author_title: '',
  quote: 'Q',
  rating: 5,
  picture: 'media/example.jpg',
  is_published: true,
};

const atVersion = (ifMatch: number | null) => (ifMatch === null ? sql`true` : sql`version = ${ifMatch}`);

const testimonialRows = namedQuery<AdminTestimonial>()({
  name: 'admin.testimonials.list',
  columns: COLUMN_NAMES,
  example: {},
  build: () => sql`select ${COLUMNS} from testimonials order by position, id`,
});

/** The shop's testimonials in the order the storefront shows them. */
export async function listAdminTestimonials(db: Db): Promise<AdminTestimonialList> {
  return { testimonials: await testimonialRows(db, {}) };
}

const insertTestimonial = namedQuery<{ id: number }>()({
  name: 'admin.testimonials.insert',
  columns: ['id'],
  example: EXAMPLE_FIELDS,
  build: (t: Fields) =>
    sql`insert into testimonials (author_name, author_title, quote, rating, avatar_path, is_published, position)
          select ${t.author}, ${t.author_title}, ${t.quote}, ${t.rating}, ${t.picture}, ${t.is_published},
                 coalesce(max(position), -1) + 1
            from testimonials
          having count(*) < ${TESTIMONIAL_LIMITS.max}
          returning id`,
});

const testimonialId = namedQuery<{ id: number }>()({
  name: 'admin.testimonials.id',
  columns: ['id'],
  example: EXAMPLE_ID,
  build: (p: { id: number }) => sql`select id from testimonials where id = ${p.id}`,
});

/** One, locked: what an update replaces. */
const lockTestimonial = namedQuery<AdminTestimonial>()({
  name: 'admin.testimonials.lock',
  columns: COLUMN_NAMES,
  example: EXAMPLE_ID,
  build: (p: { id: number }) => sql`select ${COLUMNS} from testimonials where id = ${p.id} for update`,
});

const updateRow = namedQuery<{ version: number }>()({
  name: 'admin.testimonials.update',
  columns: ['version'],
  example: { id: 1, ifMatch: 1 as number | null, t: EXAMPLE_FIELDS },
  build: (p: { id: number; ifMatch: number | null; t: Fields }) =>
    sql`update testimonials
             set author_name = ${p.t.author}, author_title = ${p.t.author_title}, quote = ${p.t.quote}, rating = ${p.t.rating},
                 avatar_path = ${p.t.picture}, is_published = ${p.t.is_published}, version = version + 1
           where id = ${p.id} and ${atVersion(p.ifMatch)}
           returning version`,
});

const deleteRow = namedQuery<AdminTestimonial>()({
  name: 'admin.testimonials.delete',
  columns: COLUMN_NAMES,
  example: { id: 1, ifMatch: 1 as number | null },
  build: (p: { id: number; ifMatch: number | null }) =>
    sql`delete from testimonials where id = ${p.id} and ${atVersion(p.ifMatch)} returning ${COLUMNS}`,
});

/** Every one's id and author in order, locked: what a reorder checks and audits. */
const lockOrder = namedQuery<{ id: number; author: string }>()({
  name: 'admin.testimonials.lock-order',
  columns: ['id', 'author'],
  example: {},
  build: () => sql`select id, author_name as author from testimonials order by position, id for update`,
});

/** What the audit log keeps of one. */
const audited = (t: Fields) => ({
  author: t.author,
  author_title: t.author_title,
  quote: t.quote,
  rating: t.rating,
  picture: t.picture,
  is_published: t.is_published,
});

/** One testimonial's version: its fields in the shape its save takes. */
const keepTestimonial = (tx: Db, act: OwnerAct, id: number, t: Fields, first: VersionState | null = null) =>
  keepVersion(tx, { kind: 'testimonial', subject: String(id), by: act.staff.email, body: audited(t) }, first);

/** Adds one at the end of the list; 422 when the shop has TESTIMONIAL_LIMITS.max already. */
export async function createTestimonial(db: Db, act: OwnerAct, t: Fields): Promise<AdminTestimonialList> {
  await db.transaction(async (tx) => {
    await lockShownPictures(tx, t.picture);
    await lockList(tx);
    const [made] = await insertTestimonial(tx, t);
    if (!made) throw fieldError('author', msg.tooMany);
    await keepTestimonial(tx, act, made.id, t);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'testimonial.create',
      target: `testimonial:${made.id}`,
      after: audited(t),
      ip: act.ip,
    });
  });
  return listAdminTestimonials(db);
}

/** 404 for an id the shop lacks, else 409: it changed since the If-Match version. */
async function refused(tx: Db, id: number): Promise<never> {
  const [exists] = await testimonialId(tx, { id });
  throw exists ? new HttpError(409, msg.stale) : notFound(msg.notFound);
}

/** Replaces one's fields, if it is still at the If-Match version; audited with what it was. */
export async function updateTestimonial(db: Db, act: OwnerAct, id: number, t: Fields): Promise<AdminTestimonialList> {
  await db.transaction(async (tx) => {
    await lockShownPictures(tx, t.picture);
    // Locked, so the audit's "before" is the row this update replaces, even without If-Match.
    const [before] = await lockTestimonial(tx, { id });
    const [saved] = await updateRow(tx, { id, ifMatch: act.ifMatch, t });
    if (!saved || !before) return refused(tx, id);
    const first = await stateBeforeFirst(tx, 'testimonial', String(id), async () => ({
      body: audited(before),
      at: null,
    }));
    await keepTestimonial(tx, act, id, t, first);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'testimonial.update',
      target: `testimonial:${id}`,
      before: audited(before),
      after: { version: saved.version, ...audited(t) },
      ip: act.ip,
    });
  });
  return listAdminTestimonials(db);
}

/** Deletes one, if it is still at the If-Match version; audited with what it was. */
export async function deleteTestimonial(db: Db, act: OwnerAct, id: number): Promise<AdminTestimonialList> {
  await db.transaction(async (tx) => {
    const [gone] = await deleteRow(tx, { id, ifMatch: act.ifMatch });
    if (!gone) return refused(tx, id);
    await dropVersions(tx, 'testimonial', id);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'testimonial.delete',
      target: `testimonial:${id}`,
      before: audited(gone),
      ip: act.ip,
    });
  });
  return listAdminTestimonials(db);
}

/**
 * Puts them in the order of `ids`, which must name every testimonial once: 422 for a repeated id,
 * 409 when the list has changed since it was read (one added or deleted). The list lock (which
 * creates take too) and the row locks come first, so the check and the update see the same list.
 */
export async function reorderTestimonials(db: Db, act: OwnerAct, ids: number[]): Promise<AdminTestimonialList> {
  if (new Set(ids).size !== ids.length) throw fieldError('ids', msg.order);
  await db.transaction(async (tx) => {
    await lockList(tx);
    const rows = await lockOrder(tx, {});
    const known = new Set(rows.map((r) => r.id));
    if (rows.length !== ids.length || ids.some((id) => !known.has(id))) throw new HttpError(409, msg.staleOrder);
    if (ids.length)
      await tx.execute(
        sql`update testimonials t set position = v.position
              from (values ${sql.join(
                ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
                sql`, `,
              )}) as v(id, position)
             where t.id = v.id`,
      );
    const name = new Map(rows.map((r) => [r.id, r.author]));
    await recordAudit(tx, {
      staff: act.staff,
      action: 'testimonial.reorder',
      target: 'testimonials',
      before: { order: rows.map((r) => r.author) },
      after: { order: ids.map((id) => name.get(id)) },
      ip: act.ip,
    });
  });
  return listAdminTestimonials(db);
}
