import type { ComponentData, Faq, FormDefinition, Section, Slider, Testimonial } from '@shopfront/shared';
import type { PreviewPost } from './content';
// Types only: the shop's pages import this file, and the message readers load only in the frame.
import type { ParentMessage } from './messages';

/**
 * The unsaved content the admin panel sent (docs/preview-protocol.md): a blog post for the page
 * it was sent on, and slides, FAQ questions, forms and testimonials shown in place of the saved ones in
 * every section of the frame that shows them, until a reset or a reload.
 */
export interface PreviewContent {
  post: { path: string; post: PreviewPost } | null;
  sliders: Readonly<Record<string, Slider['slides']>>;
  faqs: Readonly<Record<string, { title: string | null; description: string | null; items: Faq['items'] }>>;
  /** By form id: the unsaved form, or null when it is switched off (its sections show nothing). */
  forms: Readonly<Record<string, FormDefinition | null>>;
  testimonials: Testimonial[] | null;
}

export const NO_PREVIEW_CONTENT: PreviewContent = { post: null, sliders: {}, faqs: {}, forms: {}, testimonials: null };

export type ContentMessage = Extract<
  ParentMessage,
  {
    type:
      | 'shopfront:preview:post'
      | 'shopfront:preview:slider'
      | 'shopfront:preview:faq'
      | 'shopfront:preview:form'
      | 'shopfront:preview:testimonials';
  }
>;

/** The content after one of its messages, sent while the frame shows `path`. */
export function withContentMessage(content: PreviewContent, message: ContentMessage, path: string): PreviewContent {
  switch (message.type) {
    case 'shopfront:preview:post':
      return { ...content, post: { path, post: message.post } };
    case 'shopfront:preview:slider':
      return { ...content, sliders: { ...content.sliders, [message.id]: message.slides } };
    case 'shopfront:preview:faq':
      return { ...content, faqs: { ...content.faqs, [message.id]: message } };
    case 'shopfront:preview:form':
      return { ...content, forms: { ...content.forms, [message.form.id]: message.is_active ? message.form : null } };
    case 'shopfront:preview:testimonials':
      return { ...content, testimonials: message.items };
  }
}

type DataOf<T extends ComponentData['type']> = Extract<ComponentData, { type: T }>['data'];

/**
 * A section's data with the previewed content in place of the saved: a hero slider's slides and
 * a FAQ section's questions when the panel sent its slider's or group's, a form section's form
 * when it sent that form's (none when switched off), a testimonials section's quotes (up to its
 * limit). A slider or group the shop does not have yet shows too, and a form switched off so far.
 */
export function previewedData(section: Section, data: unknown, content: PreviewContent): unknown {
  switch (section.type) {
    case 'hero_slider': {
      const slides = content.sliders[section.settings.slider_id];
      if (!slides) return data;
      const saved = data as DataOf<'hero_slider'>;
      return { id: section.settings.slider_id, name: saved?.name ?? '', slides } satisfies DataOf<'hero_slider'>;
    }
    case 'faq': {
      const group = content.faqs[section.settings.faq_id];
      if (!group) return data;
      const saved = data as DataOf<'faq'>;
      return {
        id: section.settings.faq_id,
        title: group.title ?? saved?.title ?? '',
        description: group.description ?? saved?.description ?? '',
        items: group.items,
      } satisfies DataOf<'faq'>;
    }
    case 'form': {
      const form = content.forms[section.settings.form_id];
      return form === undefined ? data : form;
    }
    case 'testimonials':
      return content.testimonials
        ? ({ testimonials: content.testimonials.slice(0, section.settings.limit) } satisfies DataOf<'testimonials'>)
        : data;
    default:
      return data;
  }
}
