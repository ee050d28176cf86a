import { sql } from 'drizzle-orm';
import {
  TESTIMONIAL_LIMITS,
  adminTestimonialMessages as msg,
  type AdminTestimonial,
  type AdminTestimonialList,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
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

/** The shop's testimonials in the order the storefront shows them. */
export async function listAdminTestimonials(db: Db): Promise<AdminTestimonialList> {
  return {
    testimonials: await queryRows<AdminTestimonial>(db, sql`select ${COLUMNS} from testimonials order by position, id`),
  };
}

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
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`insert into testimonials (author_name, author_title, quote, rating, avatar_path, is_published, position)
          select ${t.author}, ${t.author_title}, ${t.quote}, ${t.rating}, ${t.picture}, ${t.is_published},
                 coalesce(max(position), -1) + 1
            from testimonials
          having count(*) < ${TESTIMONIAL_LIMITS.max}
          returning id`,
    );
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
  const [exists] = await queryRows<{ id: number }>(tx, sql`select id from testimonials where id = ${id}`);
  throw exists ? new HttpError(409, msg.stale) : notFound(msg.notFound);
}

const atVersion = (act: OwnerAct) => (act.ifMatch === null ? sql`true` : sql`version = ${act.ifMatch}`);

/** Replaces one's fields, if it is still at the If-Match version; audited with what it was. */
export async function updateTestimonial(db: Db, act: OwnerAct, id: number, t: Fields): Promise<AdminTestimonialList> {
  await db.transaction(async (tx) => {
    await lockShownPictures(tx, t.picture);
    // Locked, so the audit's "before" is the row this update replaces, even without If-Match.
    const [before] = await queryRows<AdminTestimonial>(
      tx,
      sql`select ${COLUMNS} from testimonials where id = ${id} for update`,
    );
    const [saved] = await queryRows<{ version: number }>(
      tx,
      sql`update testimonials
             set author_name = ${t.author}, author_title = ${t.author_title}, quote = ${t.quote}, rating = ${t.rating},
                 avatar_path = ${t.picture}, is_published = ${t.is_published}, version = version + 1
           where id = ${id} and ${atVersion(act)}
           returning version`,
    );
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
    const [gone] = await queryRows<AdminTestimonial>(
      tx,
      sql`delete from testimonials where id = ${id} and ${atVersion(act)} returning ${COLUMNS}`,
    );
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
    const rows = await queryRows<{ id: number; author: string }>(
      tx,
      sql`select id, author_name as author from testimonials order by position, id for update`,
    );
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
