import { Link } from 'react-router';
import type { BlogPostCard } from '@shopfront/shared';
import { ResponsiveImage } from '../../components/responsive-image';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "12 March 2026", the same on server and browser (fixed locale and time zone). */
export function formatPostDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

/** One post in a list: cover, date, title, excerpt; the whole card links to the post. */
export function BlogCard({ post, headingLevel = 3 }: { post: BlogPostCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col">
      <div className="aspect-[3/2] overflow-hidden rounded-2xl bg-surface">
        {post.cover_image && (
          <ResponsiveImage
            src={post.cover_image.url}
            alt={post.cover_image.alt}
            width={900}
            height={600}
            sizes={{ base: '100vw', sm: '50vw', lg: '33vw', xl: '400px' }}
            className="size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.03]"
          />
        )}
      </div>
      <div className="mt-4 flex flex-1 flex-col">
        <p className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">
          <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
          <span aria-hidden="true"> · </span>
          {post.reading_minutes} min read
        </p>
        <Heading className="mt-2 text-xl leading-snug font-semibold">
          <Link
            to={`/blogs/${post.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 after:rounded-2xl group-hover:underline group-hover:underline-offset-2"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-[15px] leading-relaxed text-ink/75">{post.excerpt}</p>}
      </div>
    </article>
  );
}
