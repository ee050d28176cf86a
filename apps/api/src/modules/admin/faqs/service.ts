import { sql, type SQL } from 'drizzle-orm';
import {
  FAQ_LIMITS,
  adminFaqMessages as msg,
  type AdminFaq,
  type AdminFaqItem,
  type AdminFaqList,
  type AdminFaqRow,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import { idCandidates } from '../content-ids.ts';
import type { OwnerAct } from '../if-match.ts';
import { templatesShowing } from '../template-usage.ts';
import { dropVersions, stateVersions, type VersionState } from '../versions/service.ts';

/**
 * The FAQ editor (issue 28). A group's questions are saved whole in one short transaction that
 * first claims the group row by a conditional update (`version = If-Match`), so of several editors
 * saving against the same version exactly one wins and the others are refused with 409.
 * faq_groups' and faq_items' triggers tell every process's page cache at commit (content-version.ts).
 * A question save may carry the title and description too, so the editor's one Save is one
 * request and one version. Each rename and question save keeps the group's whole editor state as
 * a version (History, kind `faq`, subject the group id); deleting the group deletes them.
 */

interface GroupRow {
  id: string;
  title: string;
  description: string;
  version: number;
  item_count: number;
  used_by: { id: string; name: string }[];
}

const EXAMPLE_GROUP = { id: 'faq_example' };

/**
 * The groups (all, or the one `id`) with their question count and the templates whose live or
 * draft sections show them.
 */
const groupRowsQuery = namedQuery<GroupRow>()({
  name: 'admin.faqs.groups',
  columns: ['id', 'title', 'description', 'version', 'item_count', 'used_by'],
  example: EXAMPLE_GROUP as { id: string | undefined },
  build: (p: { id: string | undefined }) =>
    sql`select g.id, g.title, g.description, g.version,
               (select count(*)::int from faq_items i where i.group_id = g.id) as item_count,
               ${templatesShowing('faq', 'faq_id', sql`g.id`)} as used_by
          from faq_groups g
         where ${p.id === undefined ? sql`true` : sql`g.id = ${p.id}`}
         order by g.title, g.id`,
});

const groupRows = (db: Db, id?: string) => groupRowsQuery(db, { id });

const toRow = (r: GroupRow): AdminFaqRow => ({
  id: r.id,
  title: r.title,
  description: r.description,
  item_count: r.item_count,
  version: r.version,
  used_by: r.used_by,
});

/** Every FAQ group by title, with its question count and where it is shown. */
export async function listFaqs(db: Db): Promise<AdminFaqList> {
  return { groups: (await groupRows(db)).map(toRow) };
}

const itemRowsQuery = namedQuery<AdminFaqItem>()({
  name: 'admin.faqs.items',
  columns: ['question', 'answer', 'is_published'],
  example: EXAMPLE_GROUP,
  build: (p: { id: string }) =>
    sql`select question, answer, is_published from faq_items where group_id = ${p.id} order by position, id`,
});

const itemRows = (db: Db, id: string) => itemRowsQuery(db, { id });

/** The group's title and description; `lock` takes its row lock too. */
const groupTexts = namedQuery<{ title: string; description: string }>()({
  name: 'admin.faqs.texts',
  columns: ['title', 'description'],
  example: { id: 'faq_example', lock: true },
  build: (p: { id: string; lock: boolean }) =>
    sql`select title, description from faq_groups where id = ${p.id}${p.lock ? sql` for update` : sql``}`,
});

/**
 * The group as its editor edits it (title, description, questions): a version's body, in the
 * shape the question save takes. Restoring puts it back in the form; the editor's Save sends it.
 */
async function faqState(tx: Db, id: string): Promise<VersionState | null> {
  const [g] = await groupTexts(tx, { id, lock: false });
  return g ? { body: { ...g, items: await itemRows(tx, id) }, at: null } : null;
}

const faqVersions = stateVersions('faq', faqState);

/** One group with its questions in order; 404 for an unknown id. */
export async function loadFaq(db: Db, id: string): Promise<AdminFaq> {
  const [row] = await groupRows(db, id);
  if (!row) throw notFound(msg.notFound);
  return { ...toRow(row), items: await itemRows(db, id) };
}

const insertGroup = namedQuery<{ id: string }>()({
  name: 'admin.faqs.insert',
  columns: ['id'],
  example: { id: 'faq_example', title: 'T', description: '' },
  build: (p: { id: string; title: string; description: string }) =>
    sql`insert into faq_groups (id, title, description) values (${p.id}, ${p.title}, ${p.description})
            on conflict (id) do nothing returning id`,
});

/**
 * Makes an empty group. Without an id, one is made from the title (`-2`, `-3`… when taken); a
 * given id that is taken is 422 at `id`.
 */
export async function createFaq(
  db: Db,
  act: OwnerAct,
  body: { id?: string | undefined; title: string; description: string },
): Promise<AdminFaq> {
  const candidates = idCandidates(body.id, body.title, FAQ_LIMITS.idMax, 'faq');
  const id = await db.transaction(async (tx) => {
    for (const candidate of candidates) {
      const [made] = await insertGroup(tx, { id: candidate, title: body.title, description: body.description });
      if (!made) continue;
      await recordAudit(tx, {
        staff: act.staff,
        action: 'faq.create',
        target: `faq:${made.id}`,
        after: { title: body.title, description: body.description },
        ip: act.ip,
      });
      return made.id;
    }
    throw fieldError('id', msg.idTaken);
  });
  return loadFaq(db, id);
}

const claimGroup = namedQuery<{ version: number; title: string }>()({
  name: 'admin.faqs.claim',
  columns: ['version', 'title'],
  example: { id: 'faq_example', ifMatch: 1 as number | null, set: sql`title = ${'T'}, description = ${''},` as SQL },
  build: (p: { id: string; ifMatch: number | null; set: SQL }) =>
    sql`update faq_groups set ${p.set} version = version + 1
         where id = ${p.id} and ${p.ifMatch === null ? sql`true` : sql`version = ${p.ifMatch}`}
         returning version, title`,
});

/** The group's id; `lock` takes its row lock too. */
const groupId = namedQuery<{ id: string }>()({
  name: 'admin.faqs.id',
  columns: ['id'],
  example: { id: 'faq_example', lock: true },
  build: (p: { id: string; lock: boolean }) =>
    sql`select id from faq_groups where id = ${p.id}${p.lock ? sql` for update` : sql``}`,
});

/** Claims the group at the If-Match version (`set` changes it too), or 404 / 409. */
async function claim(tx: Db, act: OwnerAct, id: string, set = sql``): Promise<{ version: number; title: string }> {
  const [claimed] = await claimGroup(tx, { id, ifMatch: act.ifMatch, set });
  if (claimed) return claimed;
  const [exists] = await groupId(tx, { id, lock: false });
  throw exists ? new HttpError(409, msg.stale) : notFound(msg.notFound);
}

/** The group's new title and description, if it is still at the If-Match version; audited. */
export async function renameFaq(
  db: Db,
  act: OwnerAct,
  id: string,
  body: { title: string; description: string },
): Promise<AdminFaq> {
  await db.transaction(async (tx) => {
    const [before] = await groupTexts(tx, { id, lock: true });
    const first = await faqVersions.first(tx, id);
    const claimed = await claim(tx, act, id, sql`title = ${body.title}, description = ${body.description},`);
    await faqVersions.keep(tx, act.staff.email, id, first);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'faq.rename',
      target: `faq:${id}`,
      before: before ?? null,
      after: { version: claimed.version, ...body },
      ip: act.ip,
    });
  });
  return loadFaq(db, id);
}

/** What the audit log keeps of a question list. */
const outline = (items: readonly AdminFaqItem[]) =>
  items.map((i) => `${i.is_published ? '' : '(hidden) '}${i.question}`);

/** What a question save takes: the whole list, and the title and description when they changed too. */
export interface FaqSave {
  items: AdminFaqItem[];
  title?: string | undefined;
  description?: string | undefined;
}

/**
 * Replaces the group's whole question list, and its title and description when given, if it is
 * still at the If-Match version: one transaction, one conditional update of the group row, one
 * version (never one with the new title and the old questions), audited. Shoppers see it at once.
 */
export async function saveFaqItems(db: Db, act: OwnerAct, id: string, body: FaqSave): Promise<AdminFaq> {
  const { items, title, description } = body;
  const changes = [
    ...(title === undefined ? [] : [sql`title = ${title},`]),
    ...(description === undefined ? [] : [sql`description = ${description},`]),
  ];
  await db.transaction(async (tx) => {
    // The row is locked before anything is read, so a save that waited on another sees what
    // that one left, and what it was before is read before the claim changes its texts.
    const [group] = await groupTexts(tx, { id, lock: true });
    const first = await faqVersions.first(tx, id);
    const before = await itemRows(tx, id);
    const claimed = await claim(tx, act, id, sql.join(changes));
    await tx.execute(sql`delete from faq_items where group_id = ${id}`);
    if (items.length)
      await tx.execute(
        sql`insert into faq_items (group_id, question, answer, position, is_published) values ${sql.join(
          items.map((i, position) => sql`(${id}, ${i.question}, ${i.answer}, ${position}, ${i.is_published})`),
          sql`, `,
        )}`,
      );
    await faqVersions.keep(tx, act.staff.email, id, first);
    // The texts are in the audit only when this save changed them.
    const texts = changes.length ? { before: group, after: { title, description } } : null;
    await recordAudit(tx, {
      staff: act.staff,
      action: 'faq.save',
      target: `faq:${id}`,
      before: { ...texts?.before, items: outline(before) },
      after: { version: claimed.version, ...texts?.after, items: outline(items) },
      ip: act.ip,
    });
  });
  return loadFaq(db, id);
}

/**
 * Deletes a group, its questions and its kept versions; 409 naming the templates while any live or draft section
 * shows it. The group row is locked first, so a rename or save of it waits. Template saves take
 * no lock on the groups they name (a section may name a group that is gone: it renders without
 * it and the template editor flags it), so a template saved during the delete can still name it.
 */
export async function deleteFaq(db: Db, act: OwnerAct, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const [locked] = await groupId(tx, { id, lock: true });
    if (!locked) throw notFound(msg.notFound);
    const [row] = await groupRows(tx, id);
    if (row!.used_by.length) throw new HttpError(409, msg.inUse(row!.used_by.map((t) => t.name)));
    if (act.ifMatch !== null && row!.version !== act.ifMatch) throw new HttpError(409, msg.stale);
    const items = await itemRows(tx, id);
    await tx.execute(sql`delete from faq_groups where id = ${id}`);
    await dropVersions(tx, 'faq', id);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'faq.delete',
      target: `faq:${id}`,
      before: { title: row!.title, description: row!.description, items: outline(items) },
      ip: act.ip,
    });
  });
  return { id };
}
