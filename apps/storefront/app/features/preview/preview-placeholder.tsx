import type { Section } from '@shopfront/shared';
import { Container } from '../../components/container';

const NAMES: Record<Section['type'], string> = {
  hero_slider: 'Hero slider',
  marquee: 'Marquee',
  product_grid: 'Product grid',
  category_grid: 'Category grid',
  collection_grid: 'Collection grid',
  rich_text: 'Rich text',
  image_with_text: 'Image with text',
  testimonials: 'Testimonials',
  faq: 'FAQ',
  form: 'Form',
  blog_list: 'Blog list',
  gallery: 'Gallery',
  newsletter: 'Newsletter',
  page_content: 'Page content',
};

/**
 * Stands in, in the admin's preview only, for a section whose data is still on its way (a section
 * just added), whose source does not exist (a slider id with no slider), or that shoppers do not
 * see for the reason `note` gives (a newsletter section without its plugin).
 */
export function PreviewPlaceholder({ section, note }: { section: Section; note?: string }) {
  const title = 'title' in section.settings ? section.settings.title : '';
  return (
    <Container className="py-6">
      <div
        data-preview-placeholder={section.key}
        className="rounded-2xl border-2 border-dashed border-ink/20 px-6 py-10 text-center text-sm text-muted"
      >
        <p className="font-semibold text-ink">
          {NAMES[section.type]}
          {title ? `: ${title}` : ''}
        </p>
        <p className="mt-1">
          {note ?? 'Nothing to show yet: its content is loading, or what it names does not exist.'}
        </p>
      </div>
    </Container>
  );
}
