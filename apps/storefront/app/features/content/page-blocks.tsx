import type { Page } from '@shopfront/shared';

/** A CMS page's body: headings and paragraphs in reading width. */
export function PageBlocks({ blocks }: { blocks: Page['blocks'] }) {
  return (
    <div className="page-blocks space-y-5 text-[17px] leading-relaxed text-ink/85">
      {blocks.map((block, i) =>
        block.type === 'heading' ? (
          <h2 key={i} className="pt-4 text-2xl font-semibold text-ink">
            {block.text}
          </h2>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
