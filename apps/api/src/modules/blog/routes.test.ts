import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blog/list',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (slug: string) => t.app.inject({ method: 'GET', url: `/api/blog/${slug}` });

interface Card {
  slug: string;
  title: string;
  tags: string[];
  published_at: string;
  cover_image: { url: string; alt: string } | null;
  reading_minutes: number;
}

describe('POST /api/blog/list', () => {
  it('answers the published posts newest first, with pagination and the tags in use; drafts stay hidden', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.posts.length).toBeGreaterThanOrEqual(5);
    expect(data.posts.map((p: Card) => p.slug)).not.toContain('autumn-lookbook');
    const dates = data.posts.map((p: Card) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data.pagination).toEqual({ page: 1, per_page: 9, total: data.posts.length, last_page: 1 });
    expect(data.tag).toBeNull();
    expect(data.tags).toContainEqual({ tag: 'care-guides', count: 2 });
    const first = data.posts[0] as Card;
    expect(first.cover_image).toEqual({
      url: expect.stringMatching(/^\/media\/seed\/blog\/.+\.webp$/),
      alt: expect.any(String),
    });
    expect(first.reading_minutes).toBeGreaterThanOrEqual(1);
    expect(first).not.toHaveProperty('body');
  });

  it('pages with page and per_page', async () => {
    const all = (await list({})).json().data.posts.map((p: Card) => p.slug);
    const res = (await list({ page: 2, per_page: 2 })).json().data;
    expect(res.posts.map((p: Card) => p.slug)).toEqual(all.slice(2, 4));
    expect(res.pagination).toEqual({ page: 2, per_page: 2, total: all.length, last_page: Math.ceil(all.length / 2) });
    expect((await list({ page: 99 })).json().data.posts).toEqual([]);
  });

  it('filters by tag', async () => {
    const data = (await list({ tag: 'plants' })).json().data;
    expect(data.tag).toBe('plants');
    expect(data.posts.length).toBe(2);
    expect(data.posts.every((p: Card) => p.tags.includes('plants'))).toBe(true);
    expect((await list({ tag: 'no-such-tag' })).json().data.posts).toEqual([]);
  });

  it('answers 422 for a page size over the limit and other bad input', async () => {
    const big = await list({ per_page: 49 });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({
      status: 'error',
      errors: { per_page: ['The value may not be greater than 48'] },
    });
    expect((await list({ page: 0 })).json().errors.page).toEqual(['The value must be at least 1']);
    expect((await list({ page: 'two' })).json().errors.page).toEqual(['The value must be numeric']);
    expect((await list({ tag: 'Not A Tag' })).json().errors.tag).toEqual(['This field is not valid']);
  });

  it('keeps a scheduled post hidden until its date', async () => {
    await t.database.db.insert(blogPosts).values({
      slug: 'next-week',
      title: 'Coming next week',
      authorName: 'Ira Menon',
      tags: ['linen'],
      isPublished: true,
      publishedAt: new Date(Date.now() + 7 * 86_400_000),
    });
    expect((await list()).json().data.posts.map((p: Card) => p.slug)).not.toContain('next-week');
    expect((await get('next-week')).statusCode).toBe(404);
    await t.database.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.slug, 'next-week'));
    expect((await list()).json().data.posts[0].slug).toBe('next-week');
    await t.database.db.delete(blogPosts).where(eq(blogPosts.slug, 'next-week'));
  });
});

describe('GET /api/blog/{slug}', () => {
  it('answers the post with its body and SEO fields, and related posts sharing its tags first', async () => {
    const res = await get('how-to-care-for-linen');
    expect(res.statusCode).toBe(200);
    const { post, related } = res.json().data;
    expect(post).toMatchObject({
      slug: 'how-to-care-for-linen',
      author: expect.any(String),
      meta_title: expect.stringContaining('linen'),
      tags: ['care-guides', 'linen'],
    });
    expect(post.body.map((b: { type: string }) => b.type)).toEqual(
      expect.arrayContaining(['paragraph', 'heading', 'list', 'quote']),
    );
    expect(related).toHaveLength(3);
    expect(related.map((r: Card) => r.slug)).not.toContain('how-to-care-for-linen');
    expect(related[0].tags.some((tag: string) => post.tags.includes(tag))).toBe(true);
  });

  it('answers 404 for an unknown post or a draft, 422 for a slug that cannot be one', async () => {
    const unknown = await get('no-such-post');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Post not found' });
    expect((await get('autumn-lookbook')).statusCode).toBe(404);
    expect((await get('Bad%20Slug')).statusCode).toBe(422);
  });
});
