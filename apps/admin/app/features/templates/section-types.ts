import {
  NEWSLETTER_SECTION_DEFAULT_BUTTON,
  type Section,
  type SectionInput,
  type SectionType,
} from '@shopfront/shared';

type SettingsOf<T extends SectionType> = Extract<Section, { type: T }>['settings'];
export type GridSource = SettingsOf<'product_grid'>['source'];
export type NewsletterBackground = SettingsOf<'newsletter'>['background'];

/** Each section type's name and what it shows, for the type picker and the section list. */
export const SECTION_TYPE_INFO: Record<SectionType, { label: string; description: string }> = {
  hero_slider: { label: 'Hero slider', description: 'Big pictures with a heading and a button, one after another' },
  marquee: { label: 'Scrolling text', description: 'Short lines that scroll across the page, such as your promises' },
  product_grid: { label: 'Product grid', description: 'Your newest, featured or best-rated products' },
  category_grid: { label: 'Category grid', description: 'Tiles that lead to your categories' },
  collection_grid: { label: 'Collection grid', description: 'Tiles that lead to your collections' },
  rich_text: { label: 'Rich text', description: 'A heading and paragraphs of your own words' },
  image_with_text: { label: 'Image with text', description: 'A picture beside a heading, text and a link' },
  testimonials: { label: 'Testimonials', description: 'Quotes from happy customers' },
  faq: { label: 'FAQ', description: 'Questions and answers from one of your FAQ groups' },
  form: { label: 'Form', description: 'A contact or enquiry form shoppers can send' },
  blog_list: { label: 'Blog posts', description: 'Your latest journal posts' },
  gallery: { label: 'Gallery', description: 'A grid of pictures' },
  newsletter: { label: 'Newsletter', description: 'A sign-up form for your e-mail newsletter' },
  page_content: { label: 'Page text', description: 'The page’s own text, placed among the sections' },
};

/** The order the type picker offers them in (the common ones first). */
export const PICKER_ORDER: readonly SectionType[] = [
  'rich_text',
  'hero_slider',
  'product_grid',
  'collection_grid',
  'category_grid',
  'image_with_text',
  'testimonials',
  'faq',
  'form',
  'blog_list',
  'newsletter',
  'marquee',
  'gallery',
  'page_content',
];

export const GRID_SOURCES: { value: GridSource; label: string }[] = [
  { value: 'latest', label: 'Newest' },
  { value: 'featured', label: 'Featured' },
  { value: 'best_rated', label: 'Best rated' },
];

/** What the pickers offer (GET /api/admin/templates/choices), first ids used as defaults. */
export interface Choices {
  sliders: { id: string }[];
  faqs: { id: string }[];
  forms: { id: string }[];
}

/** The newsletter section's backgrounds, as the settings offer them. */
export const NEWSLETTER_BACKGROUNDS: { value: NewsletterBackground; label: string }[] = [
  { value: 'tinted', label: 'Tinted' },
  { value: 'plain', label: 'Plain' },
  { value: 'brand', label: 'Brand' },
];

/** A key not yet used in the template: the type's name, then -2, -3, … */
export function freshKey(base: string, used: ReadonlySet<string>): string {
  const stem = base.replace(/_/g, '-').replace(/-\d+$/, '');
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A new section of `type` with settings a shopper can already see (the first slider, FAQ, form). */
export function newSection(type: SectionType, used: ReadonlySet<string>, choices: Choices | undefined): SectionInput {
  const key = freshKey(type, used);
  switch (type) {
    case 'hero_slider':
      return { key, type, settings: { slider_id: choices?.sliders[0]?.id ?? '' } };
    case 'marquee':
      return { key, type, settings: { items: ['Free delivery on every order'] } };
    case 'product_grid':
      return { key, type, settings: { title: 'New arrivals', source: 'latest', items: 8 } };
    case 'category_grid':
      return { key, type, settings: { title: 'Shop by category' } };
    case 'collection_grid':
      return { key, type, settings: { title: 'Collections' } };
    case 'rich_text':
      return { key, type, settings: { title: '', blocks: [{ type: 'paragraph', text: '' }] } };
    case 'image_with_text':
      return { key, type, settings: { title: '', text: '', image: { url: '', alt: '' } } };
    case 'testimonials':
      return { key, type, settings: { title: 'What our customers say' } };
    case 'faq':
      return { key, type, settings: { title: 'Questions', faq_id: choices?.faqs[0]?.id ?? '' } };
    case 'form':
      return { key, type, settings: { title: '', form_id: choices?.forms[0]?.id ?? '' } };
    case 'blog_list':
      return { key, type, settings: { title: 'From the journal' } };
    case 'gallery':
      // One empty picture, filled by the first one chosen from the library: a gallery with none
      // is not a section the shared schema (and so the preview) takes.
      return { key, type, settings: { title: '', images: [{ url: '', alt: '', caption: null }] } };
    case 'newsletter':
      return {
        key,
        type,
        settings: {
          title: 'Join our newsletter',
          text: 'New arrivals, stories and offers now and then. Unsubscribe at any time.',
          button_label: NEWSLETTER_SECTION_DEFAULT_BUTTON,
          background: 'tinted',
        },
      };
    case 'page_content':
      return { key, type, settings: {} };
  }
}

/** How the list names a section: its title when it has one, else its type. */
export function sectionName(s: SectionInput): string {
  const settings = (s.settings ?? {}) as { title?: unknown };
  const title = typeof settings.title === 'string' ? settings.title.trim() : '';
  return title || SECTION_TYPE_INFO[s.type].label;
}
