import { isSafeLink, type ContentBlock, type InlineSpan } from '@shopfront/shared';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '../../components/responsive-image';

/**
 * A paragraph's marked runs as elements. A link is re-checked by the link rule here too (a row
 * written before the rule, or by SQL): one that fails it shows as plain text.
 */
function Spans({ spans }: { spans: InlineSpan[] }) {
  return spans.map((span, i) => {
    let node: ReactNode = span.text;
    if (span.italic) node = <em>{node}</em>;
    if (span.bold) node = <strong className="font-semibold text-ink">{node}</strong>;
    if (span.href && isSafeLink(span.href)) {
      const external = /^https?:/i.test(span.href);
      node = (
        <a
          href={span.href}
          className="text-primary underline underline-offset-2 hover:no-underline"
          {...(external ? { rel: 'noopener noreferrer' } : {})}
        >
          {node}
        </a>
      );
    }
    return <span key={i}>{node}</span>;
  });
}

/**
 * Rich text as elements (never HTML): page bodies, blog post bodies and rich-text sections. Reading width
 * is the caller's choice; this only sets rhythm and type.
 */
export function ContentBlocks({ blocks, className = '' }: { blocks: ContentBlock[]; className?: string }) {
  return (
    <div className={`content-blocks space-y-5 text-[17px] leading-relaxed text-ink/85 ${className}`}>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return block.level === 3 ? (
              <h3 key={i} className="pt-2 text-xl font-semibold text-ink">
                {block.text}
              </h3>
            ) : (
              <h2 key={i} className="pt-4 text-2xl font-semibold text-ink">
                {block.text}
              </h2>
            );
          case 'paragraph':
            return <p key={i}>{block.spans ? <Spans spans={block.spans} /> : block.text}</p>;
          case 'image':
            return (
              <figure key={i} className="my-8">
                <ResponsiveImage
                  src={block.url}
                  alt={block.alt}
                  width={1200}
                  height={800}
                  sizes={{ base: '100vw', md: '720px' }}
                  fallbackWidth={768}
                  className="h-auto w-full rounded-2xl bg-surface object-cover"
                />
                {block.caption && <figcaption className="mt-2 text-sm text-muted">{block.caption}</figcaption>}
              </figure>
            );
          case 'quote':
            return (
              <blockquote key={i} className="my-8 border-l-4 border-primary pl-5 text-xl leading-snug text-ink italic">
                <p>{block.text}</p>
                {block.cite && (
                  <footer className="mt-2 text-sm font-medium text-muted not-italic">— {block.cite}</footer>
                )}
              </blockquote>
            );
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{item}</li>);
            return block.ordered ? (
              <ol key={i} className="list-decimal space-y-1.5 pl-6 marker:text-muted">
                {items}
              </ol>
            ) : (
              <ul key={i} className="list-disc space-y-1.5 pl-6 marker:text-primary">
                {items}
              </ul>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
