import { and, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  BLOG_RELATED_LIMIT,
  contentPagination,
  readingMinutes,
  type BlogList,
  type BlogListQuery,
  type BlogPostCard,
  type BlogPostPage,
  type ContentPagination,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { blogPosts } from '../../db/schema.ts';
import { textArray } from '../../db/sql-array.ts';

type PostRow = typeof blogPosts.$inferSelect;

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverImagePath: blogPosts.coverImagePath,
  coverImageAlt: blogPosts.coverImageAlt,
  authorName: blogPosts.authorName,
  tags: blogPosts.tags,
  wordCount: blogPosts.wordCount,
  publishedAt: blogPosts.publishedAt,
};
type CardRow = Pick<PostRow, keyof typeof cardColumns>;

/** Published and due: scheduled posts (published_at in the future) stay hidden until then. */
const visible = (): SQL => and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedAt, sql`now()`))!;
/** Matches blog_posts_published_idx (published_at desc nulls last, id desc). */
const newestFirst = [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id)];

function toCard(p: CardRow): BlogPostCard {
  return {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    cover_image: p.coverImagePath ? { url: p.coverImagePath, alt: p.coverImageAlt } : null,
    author: p.authorName,
    tags: p.tags,
    published_at: (p.publishedAt ?? new Date(0)).toISOString(),
    reading_minutes: readingMinutes(p.wordCount),
  };
}

/** One page of published posts, newest first, optionally with one tag. */
export async function listBlogPostCards(
  db: Db,
  q: { page: number; per_page: number; tag?: string | null },
): Promise<{ posts: BlogPostCard[]; pagination: ContentPagination }> {
  const where = q.tag ? and(visible(), sql`${blogPosts.tags} @> ${textArray([q.tag])}`) : visible();
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { posts: rows.map(toCard), pagination: contentPagination(q.page, q.per_page, Number(total?.n ?? 0)) };
}

/** Every tag of the visible posts, with how many it has: most used first. */
const tagsInUse = namedQuery<{ tag: string; n: number }>()({
  name: 'blog.tags',
  columns: ['tag', 'n'],
  example: {},
  build: () =>
    sql`select tag, count(*)::int as n from ${blogPosts}, unnest(${blogPosts.tags}) as tag
        where ${visible()} group by tag order by n desc, tag`,
});

/** POST /api/blog/list: a page of posts plus every tag in use, for the filter. */
export async function listBlog(db: Db, q: BlogListQuery): Promise<BlogList> {
  const [list, tags] = await Promise.all([listBlogPostCards(db, q), tagsInUse(db, {})]);
  return { ...list, tag: q.tag ?? null, tags: tags.map((t) => ({ tag: t.tag, count: Number(t.n) })) };
}

/**
 * A published post and its related posts: the ones sharing most tags with it, then the newest,
 * never itself. Null if no such post is visible.
 */
export async function getBlogPost(db: Db, slug: string): Promise<BlogPostPage | null> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), visible()));
  if (!post) return null;
  const shared = sql`(select count(*) from unnest(${blogPosts.tags}) as t where t = any(${textArray(post.tags)}))`;
  const related = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(and(visible(), ne(blogPosts.id, post.id)))
    .orderBy(sql`${shared} desc`, ...newestFirst)
    .limit(BLOG_RELATED_LIMIT);
  return {
    post: {
      ...toCard(post),
      body: post.body,
      meta_title: post.seoTitle,
      meta_description: post.seoDescription,
      updated_at: post.updatedAt.toISOString(),
    },
    related: related.map(toCard),
  };
}
