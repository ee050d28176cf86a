import { Link, data } from 'react-router';
import type { Route } from './+types/preview.post';
import { Container } from '../components/container';
import { PostArticle } from '../features/blog/post-article';
import { usePreviewPost } from '../features/preview/preview-context';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';

export const handle = { ...SHARED_PAGE, page: { parent_slug: 'blogs' } };

/**
 * Where the admin panel previews a blog post that is not published (docs/preview-protocol.md):
 * the page has no post of its own. Only in the panel's frame, from its origin, does a
 * `shopfront:preview:post` message fill the blog post layout; anyone else gets a "not found"
 * page, so a draft never reaches shoppers.
 */
export function loader() {
  return data(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Post preview' }), { name: 'robots', content: 'noindex' }];
}

export default function PreviewPost() {
  const post = usePreviewPost();
  if (post) {
    return (
      <article className="blog-post">
        <PostArticle post={post} />
      </article>
    );
  }
  return (
    <Container className="py-16 text-center md:py-24">
      <h1 className="text-3xl font-semibold">Nothing to preview</h1>
      <p className="mt-3 text-muted">This address shows a blog post only while it is edited in the admin panel.</p>
      <Link to="/blogs" className="mt-6 inline-block font-semibold text-primary underline underline-offset-4">
        Read the blog
      </Link>
    </Container>
  );
}
