import { sql, type SQL } from 'drizzle-orm';
import {
  PAGE_LIST_LIMIT,
  adminPageMessages as msg,
  storedBlocks,
  withPlainText,
  type AdminPage,
  type AdminPageBody,
  type AdminPageList,
  type AdminPageListQuery,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { shopTimeZone } from '../../../lib/time-zone.ts';
import { recordAudit } from '../../staff/audit.ts';
import {
  aheadSql,
  deleteVersioned,
  iso,
  isoOrNull,
  newPublishAt,
  refusal,
  slugClash,
  statusOf,
  statusWhere,
  titleOrSlugLike,
  updatedPublishAt,
  versionCheck,
  type PublishedTable,
} from '../content-publishing.ts';
import type { OwnerAct } from '../if-match.ts';
import { lockShownPictures } from '../media/shown-pictures.ts';
import { stateVersions, type VersionState } from '../versions/service.ts';

/**
 * The owner's pages (issue 28). A page is a draft (is_published false), published, or scheduled
 * (published with publish_at ahead: the public read waits for it, content/page-live.ts). Each
 * write is one statement that changes the row only if its version is still the one the editor
 * read (If-Match), audited in the same transaction; the pages table's trigger tells every
 * process's page cache at commit.
 */

const PAGES: PublishedTable = { table: 'pages', column: 'publish_at' };

interface PageRow {
  id: number;
  title: string;
  slug: string;
  is_published: boolean;
  publish_at: Date | string | null;
  ahead: boolean;
  updated_at: Date | string;
  version: number;
}

const rowColumns = sql`id, title, slug, is_published, publish_at, ${aheadSql(PAGES)}, updated_at, version`;
const ROW_COLUMNS = ['id', 'title', 'slug', 'is_published', 'publish_at', 'ahead', 'updated_at', 'version'] as const;

/** A page of the list: `where` narrows it (words, status). */
const pageList = namedQuery<PageRow>()({
  name: 'admin.pages.list',
  columns: ROW_COLUMNS,
  example: { where: sql`${titleOrSlugLike('x')} and ${statusWhere(PAGES, 'scheduled')}` as SQL },
  build: (p: { where: SQL }) =>
    sql`select ${rowColumns} from pages
           where ${p.where}
           order by updated_at desc, id desc limit ${PAGE_LIST_LIMIT}`,
});

const pageRow = namedQuery<
  PageRow & { blocks: unknown[]; meta_title: string | null; meta_description: string | null; created_at: Date }
>()({
  name: 'admin.pages.one',
  columns: [...ROW_COLUMNS, 'blocks', 'meta_title', 'meta_description', 'created_at'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select ${rowColumns}, blocks, meta_title, meta_description, created_at from pages where id = ${p.id}`,
});

const toRow = (r: PageRow) => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  url: `/${r.slug}`,
  status: statusOf(r),
  publish_at: isoOrNull(r.publish_at),
  updated_at: iso(r.updated_at),
  version: r.version,
});

/** A page body for describing the statements: scheduled, the richest shape. */
const EXAMPLE_BODY: AdminPageBody = {
  title: 'About',
  slug: 'about',
  blocks: [],
  seo_title: null,
  seo_description: null,
  status: 'scheduled',
  publish_at: '2030-01-01T00:00:00.000Z',
};

/** The pages, last edited first, narrowed by words of the title or slug and by status. */
export async function listAdminPages(db: Db, q: AdminPageListQuery): Promise<AdminPageList> {
  const [rows, timeZone] = await Promise.all([
    pageList(db, { where: sql`${titleOrSlugLike(q.q)} and ${statusWhere(PAGES, q.status)}` }),
    shopTimeZone(db),
  ]);
  return { pages: rows.map(toRow), time_zone: timeZone };
}

/** One page for the editor; null when unknown. */
export async function loadAdminPage(db: Db, id: number): Promise<AdminPage | null> {
  const [r] = await pageRow(db, { id });
  if (!r) return null;
  return {
    ...toRow(r),
    blocks: storedBlocks(r.blocks),
    seo_title: r.meta_title,
    seo_description: r.meta_description,
    created_at: iso(r.created_at),
  };
}

/** The page as a version keeps it (issue 28): the fields its save takes; null when unknown. */
async function pageState(db: Db, id: number): Promise<VersionState | null> {
  const p = await loadAdminPage(db, id);
  if (!p) return null;
  const { title, slug, blocks, seo_title, seo_description, status, publish_at } = p;
  return { body: { title, slug, blocks, seo_title, seo_description, status, publish_at }, at: p.updated_at };
}

/** Keeps the page as it is now as its newest version (after what it was, on its first save). */
const pageVersions = stateVersions('page', (tx, subject) => pageState(tx, Number(subject)));

const insertPage = namedQuery<{ id: number }>()({
  name: 'admin.pages.insert',
  columns: ['id'],
  example: EXAMPLE_BODY,
  build: (body: AdminPageBody) =>
    sql`insert into pages (title, slug, blocks, meta_title, meta_description, is_published, publish_at)
            values (${body.title}, ${body.slug}, ${JSON.stringify(withPlainText(body.blocks))}::jsonb,
                    ${body.seo_title}, ${body.seo_description}, ${body.status !== 'draft'},
                    ${newPublishAt(body)})
            returning id`,
});

/** Saves the page at the If-Match version, answering what it was (none when refused). */
const updatePage = namedQuery<
  Pick<PageRow, 'title' | 'slug' | 'is_published' | 'publish_at' | 'ahead'> & {
    meta_title: string | null;
    meta_description: string | null;
  }
>()({
  name: 'admin.pages.update',
  columns: ['title', 'slug', 'is_published', 'publish_at', 'ahead', 'meta_title', 'meta_description'],
  example: { id: 1, ifMatch: 1 as number | null, body: EXAMPLE_BODY },
  build: (p: { id: number; ifMatch: number | null; body: AdminPageBody }) =>
    sql`with old as (select * from pages where id = ${p.id} for update)
            update pages set title = ${p.body.title}, slug = ${p.body.slug},
                   blocks = ${JSON.stringify(withPlainText(p.body.blocks))}::jsonb,
                   meta_title = ${p.body.seo_title}, meta_description = ${p.body.seo_description},
                   is_published = ${p.body.status !== 'draft'}, publish_at = ${updatedPublishAt(PAGES, p.body)},
                   version = pages.version + 1, updated_at = now()
              from old
             where pages.id = old.id and ${versionCheck(PAGES, p.ifMatch)}
            returning old.title, old.slug, old.is_published, old.publish_at,
                      coalesce(old.publish_at > now(), false) as ahead, old.meta_title, old.meta_description`,
});

/** What the audit log keeps of a page: its fields, the body as a count of blocks. */
const auditView = (b: AdminPageBody) => ({
  title: b.title,
  slug: b.slug,
  status: b.status,
  publish_at: b.publish_at,
  seo_title: b.seo_title,
  seo_description: b.seo_description,
  blocks: b.blocks.length,
});

const slugTaken = slugClash(msg.slugTaken);

/** Creates a page; 422 at `slug` when another page has it. */
export async function createAdminPage(db: Db, act: OwnerAct, body: AdminPageBody): Promise<AdminPage> {
  const id = await db
    .transaction(async (tx) => {
      await lockShownPictures(tx, JSON.stringify(body.blocks));
      const [row] = await insertPage(tx, body);
      await pageVersions.keep(tx, act.staff.email, String(row!.id), null);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'page.create',
        target: `page:${row!.id}`,
        after: auditView(body),
        ip: act.ip,
      });
      return row!.id;
    })
    .catch(slugTaken);
  return (await loadAdminPage(db, id))!;
}

/** Replaces the page if it is still at the If-Match version (409 if not); audited with what it was. */
export async function updateAdminPage(db: Db, act: OwnerAct, id: number, body: AdminPageBody): Promise<AdminPage> {
  await db
    .transaction(async (tx) => {
      await lockShownPictures(tx, JSON.stringify(body.blocks));
      const first = await pageVersions.first(tx, String(id));
      const [before] = await updatePage(tx, { id, ifMatch: act.ifMatch, body });
      if (!before) await refusal(tx, PAGES, id, msg);
      await pageVersions.keep(tx, act.staff.email, String(id), first);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'page.update',
        target: `page:${id}`,
        before: {
          title: before!.title,
          slug: before!.slug,
          status: statusOf(before!),
          publish_at: isoOrNull(before!.publish_at),
          seo_title: before!.meta_title,
          seo_description: before!.meta_description,
        },
        after: auditView(body),
        ip: act.ip,
      });
    })
    .catch(slugTaken);
  return (await loadAdminPage(db, id))!;
}

/** Deletes the page if it is still at the If-Match version; its own template (if any) stays, unlinked. */
export const deleteAdminPage = (db: Db, act: OwnerAct, id: number): Promise<void> =>
  deleteVersioned(db, act, PAGES, 'page', id, msg);
