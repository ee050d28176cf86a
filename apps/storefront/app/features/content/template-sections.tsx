import { NEWSLETTER_SECTION_PLUGIN_OFF, type ComponentData, type Page, type Section } from '@shopfront/shared';
import { Link } from 'react-router';
import { Container } from '../../components/container';
import { ArrowRightIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/pagination';
import { ProductGridSection } from '../catalog/product-grid-section';
import { BlogCard } from '../blog/blog-card';
import { ContentBlocks } from './content-blocks';
import { HeroSlider } from './hero-slider';
import { FaqSection } from './sections/faq-section';
import { FormSection } from './sections/form-section';
import { Gallery, galleryPictures } from './sections/gallery';
import { ImageWithText } from './sections/image-with-text';
import { Marquee } from './sections/marquee';
import { NewsletterSection } from './sections/newsletter-section';
import { SectionHeading } from './sections/section-heading';
import { Testimonials } from './sections/testimonials';
import { TileGrid } from './sections/tile-grid';
import { usePreviewContent, usePreviewSections } from '../preview/preview-context';
import { previewedData } from '../preview/preview-content';
import { PreviewPlaceholder } from '../preview/preview-placeholder';
import { usePlugin } from '../plugins/installed';

type DataOf<T extends ComponentData['type']> = Extract<ComponentData, { type: T }>['data'];

function SectionView({ section, data, page }: { section: Section; data: unknown; page: Page | null }) {
  const id = `section-${section.key}`;
  switch (section.type) {
    case 'hero_slider': {
      const slider = data as DataOf<'hero_slider'>;
      return slider ? <HeroSlider slider={slider} autoplayMs={section.settings.autoplay_ms} /> : null;
    }
    case 'marquee':
      return (
        <Marquee
          items={section.settings.items}
          durationS={section.settings.duration_s}
          linkUrl={section.settings.link_url}
        />
      );
    case 'product_grid': {
      const grid = data as DataOf<'product_grid'> | null;
      const s = section.settings;
      return (
        <ProductGridSection
          id={id}
          title={s.title}
          products={grid?.products ?? []}
          layout={s.layout === 'carousel' ? 'rail' : 'grid'}
          {...(s.view_all_url ? { viewAll: { to: s.view_all_url, label: 'View all' } } : {})}
        />
      );
    }
    case 'category_grid':
      return (
        <TileGrid
          id={id}
          title={section.settings.title}
          tiles={(data as DataOf<'category_grid'> | null)?.categories ?? []}
          variant="category"
        />
      );
    case 'collection_grid':
      return (
        <TileGrid
          id={id}
          title={section.settings.title}
          tiles={(data as DataOf<'collection_grid'> | null)?.collections ?? []}
          variant="collection"
        />
      );
    case 'rich_text':
      return (
        <section aria-labelledby={section.settings.title ? `${id}-title` : undefined} className="py-10 md:py-14">
          <Container>
            <div className="mx-auto max-w-3xl">
              <SectionHeading id={`${id}-title`} title={section.settings.title} />
              <ContentBlocks blocks={section.settings.blocks} />
            </div>
          </Container>
        </section>
      );
    case 'image_with_text': {
      const s = section.settings;
      return (
        <ImageWithText
          id={id}
          title={s.title}
          text={s.text}
          image={s.image}
          imagePosition={s.image_position}
          linkUrl={s.link_url}
          linkText={s.link_text}
        />
      );
    }
    case 'testimonials':
      return (
        <Testimonials
          id={id}
          title={section.settings.title}
          testimonials={(data as DataOf<'testimonials'> | null)?.testimonials ?? []}
        />
      );
    case 'faq': {
      const faq = data as DataOf<'faq'>;
      return faq ? <FaqSection id={id} title={section.settings.title} faq={faq} /> : null;
    }
    case 'form': {
      const form = data as DataOf<'form'>;
      return form ? <FormSection id={id} title={section.settings.title} form={form} sectionKey={section.key} /> : null;
    }
    case 'blog_list': {
      const list = data as DataOf<'blog_list'> | null;
      if (!list?.posts.length) return null;
      return (
        <section aria-labelledby={section.settings.title ? `${id}-title` : undefined} className="py-12 md:py-16">
          <Container>
            <SectionHeading
              id={`${id}-title`}
              title={section.settings.title}
              action={
                // A paginated list is the whole journal already; a short one leads to it.
                !section.settings.paginate && (
                  <Link
                    to="/blogs"
                    prefetch="intent"
                    className="group inline-flex min-h-11 shrink-0 items-center gap-1.5 text-sm font-semibold text-ink hover:text-primary"
                  >
                    View all<span className="sr-only"> posts</span>
                    <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
                  </Link>
                )
              }
            />
            <ul className="grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
              {list.posts.map((post) => (
                <li key={post.slug}>
                  <BlogCard post={post} />
                </li>
              ))}
            </ul>
            {section.settings.paginate && (
              <Pagination page={list.pagination.page} lastPage={list.pagination.last_page} label="Posts pages" />
            )}
          </Container>
        </section>
      );
    }
    case 'gallery':
      return (
        <Gallery
          id={id}
          title={section.settings.title}
          pictures={galleryPictures(section.settings.images, data as DataOf<'gallery'>)}
          columns={section.settings.columns}
        />
      );
    case 'newsletter':
      return <NewsletterSection id={id} sectionKey={section.key} settings={section.settings} />;
    case 'page_content':
      return page && page.blocks.length > 0 ? (
        <Container className="py-10 md:py-14">
          <div className="max-w-3xl">
            <ContentBlocks blocks={page.blocks} />
          </div>
        </Container>
      ) : null;
    default:
      return null;
  }
}

/** Sections that show stored data: without it they render nothing. */
const DATA_SECTIONS = new Set<Section['type']>([
  'hero_slider',
  'product_grid',
  'category_grid',
  'collection_grid',
  'testimonials',
  'faq',
  'form',
  'blog_list',
]);

/**
 * A template's sections in order, each with its resolved data from templateBoth. In the admin's
 * preview (features/preview) the unsaved sections it sent replace them: their data is what the
 * preview fetched, else the saved data of the same key and type.
 */
export function TemplateSections({
  sections,
  componentData,
  page,
}: {
  sections: Section[];
  componentData: ComponentData[];
  page: Page | null;
}) {
  const preview = usePreviewSections();
  const content = usePreviewContent();
  const newsletterOn = usePlugin('emailSubscription') !== null;
  const saved = new Map(componentData.map((d) => [d.key, d]));
  const dataOf = (section: Section) => {
    const entry = preview?.data.get(section.key) ?? saved.get(section.key);
    return previewedData(section, entry?.type === section.type ? entry.data : null, content) ?? null;
  };
  return (
    <>
      {(preview?.sections ?? sections).flatMap((section) => {
        // A hidden section stays in the template for the editor; shoppers never see it.
        if (section.hidden) return [];
        const data = dataOf(section);
        if (!preview) return <SectionView key={section.key} section={section} data={data} page={page} />;
        // In the admin's preview each section carries its key, for `shopfront:preview:focus`
        // (preview/focus-target.ts); `display: contents` keeps the layout the shoppers'.
        return (
          <div key={section.key} data-section-key={section.key} className="contents">
            {data === null && DATA_SECTIONS.has(section.type) ? (
              <PreviewPlaceholder section={section} />
            ) : section.type === 'newsletter' && !newsletterOn ? (
              <PreviewPlaceholder section={section} note={NEWSLETTER_SECTION_PLUGIN_OFF} />
            ) : (
              <SectionView section={section} data={data} page={page} />
            )}
          </div>
        );
      })}
    </>
  );
}
