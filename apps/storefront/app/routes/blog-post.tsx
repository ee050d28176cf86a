import type { Route } from './+types/blog-post';
import { breadcrumbJsonLd } from '../components/breadcrumb';
import { Container } from '../components/container';
import { JsonLd } from '../components/json-ld';
import { BlogCard } from '../features/blog/blog-card';
import { PostArticle } from '../features/blog/post-article';
import { usePreviewPost } from '../features/preview/preview-context';
import { api } from '../lib/api.server';
import { errorResponse, notFound, logFailure } from '../lib/errors';
import { absoluteUrl, rootDataFrom, shopMeta } from '../lib/meta';
import { storeName, useShop } from '../lib/shop';
import { ApiError, messages } from '@shopfront/shared';
import { SHARED_PAGE } from '../lib/shared-page';

export const handle = { ...SHARED_PAGE, page: { parent_slug: 'blogs' } };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  try {
    return await api(context).blogPost(params.slug);
  } catch (err) {
    // 422: not even slug-shaped, so no such post either.
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) {
      throw notFound(messages.pageNotFound(new URL(request.url).pathname));
    }
    logFailure('blog post failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const post = loaderData?.post;
  if (!post) return shopMeta(rootDataFrom(matches));
  const shop = rootDataFrom(matches);
  const tags = shopMeta(shop, {
    title: post.meta_title || post.title,
    description: post.meta_description || post.excerpt,
    canonical: `/blogs/${post.slug}`,
    image: post.cover_image?.url ?? null,
    type: 'article',
  });
  tags.push(
    { property: 'article:published_time', content: post.published_at },
    { property: 'article:modified_time', content: post.updated_at },
  );
  return tags;
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  const shop = useShop();
  // In the panel's preview, its unsaved post in place of the saved one.
  const preview = usePreviewPost();
  const path = `/blogs/${post.slug}`;
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blogs' }, { label: post.title }];
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.meta_description || post.excerpt,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: storeName(shop) },
    mainEntityOfPage: absoluteUrl(shop, path),
    ...(post.cover_image ? { image: absoluteUrl(shop, post.cover_image.url) } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
  };
  return (
    <article className="blog-post">
      <JsonLd data={[posting, breadcrumbJsonLd(crumbs, shop.host, path)]} />
      <PostArticle post={preview ?? post} />
      {related.length > 0 && (
        <aside aria-labelledby="related-posts" className="border-t border-ink/10 bg-surface py-12 md:py-16">
          <Container>
            <h2 id="related-posts" className="mb-8 text-2xl font-semibold md:text-3xl">
              Keep reading
            </h2>
            <ul className="grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <li key={p.slug}>
                  <BlogCard post={p} />
                </li>
              ))}
            </ul>
          </Container>
        </aside>
      )}
    </article>
  );
}
