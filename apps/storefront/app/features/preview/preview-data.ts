import {
  blogApi,
  callEndpoint,
  catalogApi,
  contentApi,
  formsApi,
  type ApiTransport,
  type ComponentData,
  type Section,
} from '@shopfront/shared';

/**
 * The data a previewed section shows, fetched in the browser from the same public endpoints the
 * shop uses elsewhere: hero slider (its slider), product grid, FAQ, form and blog list; category
 * and collection grids and testimonials from /api/section-data, which resolves a section's
 * settings as the page would.
 */
export type LiveDataType =
  'hero_slider' | 'product_grid' | 'faq' | 'form' | 'blog_list' | 'category_grid' | 'collection_grid' | 'testimonials';

type DataFor<T extends Section['type']> = Extract<ComponentData, { type: T }>['data'];

/** The settings that decide a section's data: two sections alike in these share one fetch. */
export function dataSignature(section: Section, pageNumber: number): string | null {
  switch (section.type) {
    case 'hero_slider':
      return `slider:${section.settings.slider_id}`;
    case 'product_grid':
      return `grid:${section.settings.source}:${section.settings.items}`;
    case 'faq':
      return `faq:${section.settings.faq_id}`;
    case 'form':
      return `form:${section.settings.form_id}`;
    case 'blog_list': {
      const { items, tag, paginate } = section.settings;
      return `blog:${items}:${tag ?? ''}:${paginate ? pageNumber : 1}`;
    }
    case 'category_grid':
      return `categories:${section.settings.category_slugs.join(',')}:${section.settings.limit}`;
    case 'collection_grid':
      return `collections:${section.settings.collection_slugs.join(',')}:${section.settings.limit}`;
    case 'testimonials':
      return `testimonials:${section.settings.limit}`;
    default:
      return null;
  }
}

/** Fetches one section's data; null when its source is gone or the API refuses the settings. */
export async function fetchSectionData(
  transport: ApiTransport,
  section: Section,
  pageNumber: number,
): Promise<DataFor<LiveDataType> | null> {
  try {
    switch (section.type) {
      case 'hero_slider':
        return (await callEndpoint(transport, contentApi.slider, { params: { id: section.settings.slider_id } })).data;
      case 'product_grid': {
        const { items, source } = section.settings;
        return (await callEndpoint(transport, catalogApi.productGrid, { body: { items, source } })).data;
      }
      case 'faq':
        return (await callEndpoint(transport, contentApi.faq, { params: { id: section.settings.faq_id } })).data;
      case 'form':
        return (await callEndpoint(transport, formsApi.get, { params: { id: section.settings.form_id } })).data;
      case 'blog_list': {
        const { items, tag, paginate } = section.settings;
        const body = { page: paginate ? pageNumber : 1, per_page: items, ...(tag ? { tag } : {}) };
        const { posts, pagination } = (await callEndpoint(transport, blogApi.list, { body })).data;
        return { posts, pagination };
      }
      case 'category_grid':
      case 'collection_grid':
      case 'testimonials': {
        // Key and title play no part in the data: leaving them out lets the API share one answer.
        const asked = { ...section, key: 'preview', settings: { ...section.settings, title: '' } } as Section;
        const answer = (await callEndpoint(transport, contentApi.sectionData, { body: { section: asked } })).data;
        return answer.type === section.type ? (answer.data as DataFor<LiveDataType>) : null;
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * Resolves the data of every live-data section, one fetch per distinct signature while the page
 * is previewed (`cache`; failures are not kept), and answers the section-keyed map TemplateSections reads.
 */
export async function resolvePreviewData(
  transport: ApiTransport,
  sections: readonly Section[],
  pageNumber: number,
  cache: Map<string, Promise<unknown>>,
): Promise<Map<string, ComponentData>> {
  const entries = await Promise.all(
    sections.map(async (section) => {
      const signature = dataSignature(section, pageNumber);
      if (!signature) return null;
      let pending = cache.get(signature);
      if (!pending) {
        pending = fetchSectionData(transport, section, pageNumber);
        cache.set(signature, pending);
      }
      const data = await pending;
      // A source that is missing now may be created before the next message: ask again then.
      if (data === null) cache.delete(signature);
      return [section.key, { key: section.key, type: section.type, data } as ComponentData] as const;
    }),
  );
  return new Map(entries.filter((e) => e !== null));
}
