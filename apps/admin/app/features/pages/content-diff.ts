import { withPlainText, type ContentBlock } from '@shopfront/shared';
import type { DiffFields } from '../../lib/field-diff';

/*
 * Kept out of kinds.ts: the editor route's shell reads kinds.ts, and withPlainText's module
 * brings the content schemas (zod); the editor, which loads after the shell, reads this.
 */

/** A block of the text as one line of a conflict's differences. */
function blockLine(block: unknown): string {
  const [b] = withPlainText([block as ContentBlock]);
  if (!b) return '';
  if (b.type === 'image') return `Picture: ${b.alt || b.url}`;
  if (b.type === 'list') return b.items.join(' · ');
  return b.text;
}

/** The form's fields by the names the editor gives them, for a refused save's differences (field-diff.ts). */
export const CONTENT_DIFF_FIELDS: DiffFields = {
  title: 'Title',
  slug: 'Address',
  excerpt: 'Excerpt',
  blocks: { label: 'Text block', each: blockLine },
  cover_image: 'Cover picture',
  cover_image_alt: 'Cover description',
  author: 'Author',
  tags: 'Tags',
  status: {
    label: 'Shoppers see it',
    text: (v) => {
      const s = String(v);
      return s.charAt(0).toUpperCase() + s.slice(1);
    },
  },
  publish_at: 'Publish at',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
};
