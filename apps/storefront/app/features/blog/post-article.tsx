import type { ContentBlock, ImageRef } from '@shopfront/shared';
import { Breadcrumb } from '../../components/breadcrumb';
import { Container } from '../../components/container';
import { ResponsiveImage } from '../../components/responsive-image';
import { ContentBlocks } from '../content/content-blocks';
import { formatPostDate } from './blog-card';

/** What a blog post's page shows of it: a published post, or the panel's unsaved one in preview. */
export interface ShownPost {
  title: string;
  excerpt: string;
  cover_image: ImageRef | null;
  body: ContentBlock[];
  author: string;
  /** Null: a draft the panel previews (not published yet). */
  published_at: string | null;
  tags: string[];
  reading_minutes: number;
}

/** A post's reading layout: breadcrumb, tags, title, author, date and reading time, cover, excerpt, text. */
export function PostArticle({ post }: { post: ShownPost }) {
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blogs' }, { label: post.title }];
  return (
    <Container className="pt-8 md:pt-12">
      <Breadcrumb items={crumbs} />
      <header className="mx-auto mt-8 max-w-3xl text-center md:mt-12">
        {post.tags.length > 0 && (
          <p className="text-xs font-semibold tracking-[0.16em] text-primary uppercase">
            {post.tags.map((t) => t.replace(/-/g, ' ')).join(' · ')}
          </p>
        )}
        <h1 className="mt-3 text-4xl leading-[1.1] font-semibold break-words md:text-5xl">{post.title}</h1>
        <p className="mt-5 text-sm text-muted">
          {post.author && (
            <>
              By <span className="font-medium text-ink">{post.author}</span>
              <span aria-hidden="true"> · </span>
            </>
          )}
          {post.published_at ? (
            <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
          ) : (
            'Not published yet'
          )}
          <span aria-hidden="true"> · </span>
          {post.reading_minutes} min read
        </p>
      </header>
      {post.cover_image && (
        <div className="mx-auto mt-8 max-w-5xl overflow-hidden rounded-3xl bg-surface md:mt-12">
          <ResponsiveImage
            src={post.cover_image.url}
            alt={post.cover_image.alt}
            width={1600}
            height={900}
            sizes={{ base: '100vw', xl: '1024px' }}
            priority
            fallbackWidth={1024}
            className="aspect-[16/9] w-full object-cover"
          />
        </div>
      )}
      <div className="mx-auto max-w-[68ch] py-10 md:py-14">
        {post.excerpt && <p className="mb-8 text-xl leading-relaxed text-ink">{post.excerpt}</p>}
        <ContentBlocks blocks={post.body} />
      </div>
    </Container>
  );
}
