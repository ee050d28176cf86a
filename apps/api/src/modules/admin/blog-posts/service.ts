import { sql } from 'drizzle-orm';
import {
  adminBlogPostMessages as msg,
  contentPagination,
  countBlockWords,
  storedBlocks,
  withPlainText,
  type AdminBlogPost,
  type AdminBlogPostBody,
  type AdminBlogPostList,
  type AdminBlogPostListQuery,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { textArray } from '../../../db/sql-array.ts';
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
 * The owner's blog posts (issue 28), as the owner's pages (../pages/service.ts) with the same
 * shared rules (../content-publishing.ts): a post is a draft, published, or scheduled (published
 * with published_at ahead: the public blog waits for it, blog/service.ts). Each write is one
 * statement guarded by the If-Match version, audited in the same transaction; the table's
 * trigger tells every process's page cache at commit.
 */

const POSTS: PublishedTable = { table: 'blog_posts', column: 'published_at' };

interface PostRow {
  id: number;
  title: string;
  slug: string;
  is_published: boolean;
  published_at: Date | string | null;
  ahead: boolean;
  author_name: string;
  cover_image_path: string | null;
  updated_at: Date | string;
  version: number;
}

const rowColumns = sql`id, title, slug, is_published, published_at, ${aheadSql(POSTS)}, author_name,
  cover_image_path, updated_at, version`;

/** The names rowColumns answers: a PostRow. */
const ROW_COLUMNS = [
  'id',
  'title',
  'slug',
  'is_published',
  'published_at',
  'ahead',
  'author_name',
  'cover_image_path',
  'updated_at',
  'version',
] as const;

const toRow = (r: PostRow) => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  url: `/blogs/${r.slug}`,
  status: statusOf(r),
  publish_at: isoOrNull(r.published_at),
  author: r.author_name,
  cover_image: r.cover_image_path,
  updated_at: iso(r.updated_at),
  version: r.version,
});

/** The posts with words of the title or slug and of the status the list asks for. */
const listWhere = (q: AdminBlogPostListQuery) => sql`${titleOrSlugLike(q.q)} and ${statusWhere(POSTS, q.status)}`;

/** An example list query: words and a status (each narrows the list). */
const EXAMPLE_LIST_QUERY: AdminBlogPostListQuery = { q: 'care', status: 'scheduled', page: 1, per_page: 25 };

const postPage = namedQuery<PostRow>()({
  name: 'admin.blog-posts.list',
  columns: ROW_COLUMNS,
  example: EXAMPLE_LIST_QUERY,
  build: (q: AdminBlogPostListQuery) =>
    sql`select ${rowColumns} from blog_posts where ${listWhere(q)}
           order by updated_at desc, id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
});

const postCount = namedQuery<{ n: number }>()({
  name: 'admin.blog-posts.count',
  columns: ['n'],
  example: EXAMPLE_LIST_QUERY,
  build: (q: AdminBlogPostListQuery) => sql`select count(*)::int as n from blog_posts where ${listWhere(q)}`,
});

/** A page of posts, last edited first, narrowed by words of the title or slug and by status. */
export async function listAdminBlogPosts(db: Db, q: AdminBlogPostListQuery): Promise<AdminBlogPostList> {
  const [rows, [total], timeZone] = await Promise.all([postPage(db, q), postCount(db, q), shopTimeZone(db)]);
  return {
    posts: rows.map(toRow),
    pagination: contentPagination(q.page, q.per_page, Number(total?.n ?? 0)),
    time_zone: timeZone,
  };
}

const postRow = namedQuery<
  PostRow & {
    excerpt: string;
    cover_image_alt: string;
    tags: string[];
    body: unknown[];
    seo_title: string | null;
    seo_description: string | null;
    created_at: Date | string;
  }
>()({
  name: 'admin.blog-posts.one',
  columns: [...ROW_COLUMNS, 'excerpt', 'cover_image_alt', 'tags', 'body', 'seo_title', 'seo_description', 'created_at'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select ${rowColumns}, excerpt, cover_image_alt, tags, body, seo_title, seo_description, created_at
          from blog_posts where id = ${params.id}`,
});

/** One post for the editor; null when unknown. */
export async function loadAdminBlogPost(db: Db, id: number): Promise<AdminBlogPost | null> {
  const [r] = await postRow(db, { id });
  if (!r) return null;
  return {
    ...toRow(r),
    excerpt: r.excerpt,
    cover_image_alt: r.cover_image_alt,
    tags: r.tags,
    blocks: storedBlocks(r.body),
    seo_title: r.seo_title,
    seo_description: r.seo_description,
    created_at: iso(r.created_at),
  };
}

/** The post as a version keeps it (issue 28): the fields its save takes; null when unknown. */
async function postState(db: Db, id: number): Promise<VersionState | null> {
  const p = await loadAdminBlogPost(db, id);
  if (!p) return null;
  const { title, slug, excerpt, cover_image, cover_image_alt, author, tags, blocks } = p;
  const { seo_title, seo_description, status, publish_at } = p;
  return {
    body: {
      title,
      slug,
      excerpt,
      cover_image,
      cover_image_alt,
      author,
      tags,
      blocks,
      seo_title,
      seo_description,
      status,
      publish_at,
    },
    at: p.updated_at,
  };
}

/** Keeps the post as it is now as its newest version (after what it was, on its first save). */
const postVersions = stateVersions('post', (tx, subject) => postState(tx, Number(subject)));

/** What the audit log keeps of a post: its fields, the body as a count of blocks. */
const auditView = (b: AdminBlogPostBody) => ({
  title: b.title,
  slug: b.slug,
  status: b.status,
  publish_at: b.publish_at,
  excerpt: b.excerpt,
  cover_image: b.cover_image,
  author: b.author,
  tags: b.tags,
  seo_title: b.seo_title,
  seo_description: b.seo_description,
  blocks: b.blocks.length,
});

const slugTaken = slugClash(msg.slugTaken);

/** The body's blocks as stored, with their word count (the blog's reading time). */
function stored(b: AdminBlogPostBody) {
  const blocks = withPlainText(b.blocks);
  return { json: JSON.stringify(blocks), words: countBlockWords(blocks) };
}

/** The author as stored: the one written, else the signed-in staff member's name. */
const authorSql = (b: AdminBlogPostBody, act: OwnerAct) =>
  b.author ? sql`${b.author}` : sql`coalesce((select name from staff where id = ${act.staff.id}), '')`;

/** A post to save, who saves it and its stored body (stored()). */
interface Save {
  body: AdminBlogPostBody;
  act: OwnerAct;
  json: string;
  words: number;
}

/** An example save: published now, the author left to the staff member's name, an If-Match version. */
const EXAMPLE_SAVE: Save = {
  body: {
    title: 'Example',
    slug: 'example',
    excerpt: '',
    cover_image: null,
    cover_image_alt: '',
    author: '',
    tags: ['care'],
    blocks: [],
    seo_title: null,
    seo_description: null,
    status: 'published',
    publish_at: null,
  },
  act: { staff: { id: 'stf_example', email: 'owner@example.com' }, ip: null, ifMatch: 1 },
  json: '[]',
  words: 0,
};

const insertPost = namedQuery<{ id: number }>()({
  name: 'admin.blog-posts.insert',
  columns: ['id'],
  example: EXAMPLE_SAVE,
  build: ({ body, act, json, words }: Save) =>
    sql`insert into blog_posts (title, slug, excerpt, cover_image_path, cover_image_alt, author_name, tags,
                                    body, word_count, seo_title, seo_description, is_published, published_at)
            values (${body.title}, ${body.slug}, ${body.excerpt}, ${body.cover_image}, ${body.cover_image_alt},
                    ${authorSql(body, act)}, ${textArray(body.tags)}, ${json}::jsonb, ${words},
                    ${body.seo_title}, ${body.seo_description}, ${body.status !== 'draft'}, ${newPublishAt(body)})
            returning id`,
});

/** Creates a post; 422 at `slug` when another post has it. */
export async function createAdminBlogPost(db: Db, act: OwnerAct, body: AdminBlogPostBody): Promise<AdminBlogPost> {
  const { json, words } = stored(body);
  const id = await db
    .transaction(async (tx) => {
      await lockShownPictures(tx, json, body.cover_image);
      const [row] = await insertPost(tx, { body, act, json, words });
      await postVersions.keep(tx, act.staff.email, String(row!.id), null);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'blog_post.create',
        target: `blog_post:${row!.id}`,
        after: auditView(body),
        ip: act.ip,
      });
      return row!.id;
    })
    .catch(slugTaken);
  return (await loadAdminBlogPost(db, id))!;
}

/** The post replaced when still at the If-Match version (locked first), answering what it was. */
const replacePost = namedQuery<
  Omit<PostRow, 'id' | 'updated_at' | 'version' | 'cover_image_path'> & {
    cover_image: string | null;
    seo_title: string | null;
    seo_description: string | null;
  }
>()({
  name: 'admin.blog-posts.update',
  columns: [
    'title',
    'slug',
    'is_published',
    'published_at',
    'ahead',
    'author_name',
    'cover_image',
    'seo_title',
    'seo_description',
  ],
  example: { id: 1, ...EXAMPLE_SAVE },
  build: ({ id, body, act, json, words }: Save & { id: number }) =>
    sql`with old as (select * from blog_posts where id = ${id} for update)
            update blog_posts set title = ${body.title}, slug = ${body.slug}, excerpt = ${body.excerpt},
                   cover_image_path = ${body.cover_image}, cover_image_alt = ${body.cover_image_alt},
                   author_name = ${authorSql(body, act)}, tags = ${textArray(body.tags)},
                   body = ${json}::jsonb, word_count = ${words},
                   seo_title = ${body.seo_title}, seo_description = ${body.seo_description},
                   is_published = ${body.status !== 'draft'}, published_at = ${updatedPublishAt(POSTS, body)},
                   version = blog_posts.version + 1, updated_at = now()
              from old
             where blog_posts.id = old.id and ${versionCheck(POSTS, act.ifMatch)}
            returning old.title, old.slug, old.is_published, old.published_at,
                      coalesce(old.published_at > now(), false) as ahead, old.author_name,
                      old.cover_image_path as cover_image, old.seo_title, old.seo_description`,
});

/** Replaces the post if it is still at the If-Match version (409 if not); audited with what it was. */
export async function updateAdminBlogPost(
  db: Db,
  act: OwnerAct,
  id: number,
  body: AdminBlogPostBody,
): Promise<AdminBlogPost> {
  const { json, words } = stored(body);
  await db
    .transaction(async (tx) => {
      await lockShownPictures(tx, json, body.cover_image);
      const first = await postVersions.first(tx, String(id));
      const [before] = await replacePost(tx, { id, body, act, json, words });
      if (!before) await refusal(tx, POSTS, id, msg);
      await postVersions.keep(tx, act.staff.email, String(id), first);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'blog_post.update',
        target: `blog_post:${id}`,
        before: {
          title: before!.title,
          slug: before!.slug,
          status: statusOf(before!),
          publish_at: isoOrNull(before!.published_at),
          cover_image: before!.cover_image,
          author: before!.author_name,
          seo_title: before!.seo_title,
          seo_description: before!.seo_description,
        },
        after: auditView(body),
        ip: act.ip,
      });
    })
    .catch(slugTaken);
  return (await loadAdminBlogPost(db, id))!;
}

/** Deletes the post if it is still at the If-Match version. */
export const deleteAdminBlogPost = (db: Db, act: OwnerAct, id: number): Promise<void> =>
  deleteVersioned(db, act, POSTS, 'blog_post', id, msg);
