import { Link } from 'react-router';
import {
  NEWSLETTER_SECTION_PLUGIN_OFF,
  type AdminTemplateChoices,
  type ContentBlock,
  type SectionInput,
} from '@shopfront/shared';
import { Segmented, TextInput, Toggle } from '../theme/fields';
import { ContentEditorLinks, type ContentField } from './content-links';
import { GalleryPictures } from './gallery-pictures';
import { PictureField, type SectionPicture } from './section-picture';
import { BlocksEditor, FieldMessage, NumberInput, SelectInput, SlugChecklist } from './settings-fields';
import { GRID_SOURCES, NEWSLETTER_BACKGROUNDS, type GridSource, type NewsletterBackground } from './section-types';

type Settings = Record<string, unknown>;

/**
 * One section's settings, by its type. Every change goes to the editor's draft (and so to the
 * preview) at once; `errors` are SectionSchema's (or the API's 422) and `warnings` the API's
 * "no longer exists", both by field within the section (`settings.title`).
 */
export function SectionSettings({
  section,
  onChange,
  errors,
  warnings,
  choices,
}: {
  section: SectionInput;
  onChange: (s: SectionInput) => void;
  errors: Record<string, string>;
  warnings: Record<string, string>;
  choices: AdminTemplateChoices | undefined;
}) {
  const s = (section.settings ?? {}) as Settings;
  const set = (patch: Settings) => onChange({ ...section, settings: { ...s, ...patch } } as SectionInput);
  const err = (field: string) => errors[`settings.${field}`];
  /** The errors within the settings, by field (`blocks.0.text`, `images.1.url`). */
  const settingErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k.startsWith('settings.') ? [[k.slice(9), v]] : [])),
  );
  const text = (field: string, label: string, opts: { rows?: number; hint?: string } = {}) => (
    <TextInput
      label={label}
      value={typeof s[field] === 'string' ? (s[field] as string) : ''}
      onChange={(v) => set({ [field]: v })}
      error={err(field)}
      testId={`setting-${field}`}
      {...opts}
    />
  );
  /** An optional link: empty is none. */
  const link = (field: string, label: string) => (
    <TextInput
      label={label}
      value={typeof s[field] === 'string' ? (s[field] as string) : ''}
      onChange={(v) => set({ [field]: v.trim() === '' ? null : v.trim() })}
      error={err(field)}
      hint="A page of the shop (/about-us), a web address (https://…), mailto: or tel:"
      testId={`setting-${field}`}
    />
  );
  const number = (field: string, label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      value={typeof s[field] === 'number' ? (s[field] as number) : undefined}
      onChange={(v) => set({ [field]: v })}
      error={err(field)}
      min={min}
      max={max}
      testId={`setting-${field}`}
    />
  );
  /** A slider, FAQ group or form from the shop's, with links to its editor. */
  const pick = (field: ContentField, label: string, options: { id: string; name: string }[] | undefined) => {
    const value = typeof s[field] === 'string' ? (s[field] as string) : '';
    return (
      <>
        <SelectInput
          label={label}
          value={value}
          options={(options ?? []).map((o) => ({ value: o.id, label: o.name }))}
          onChange={(v) => set({ [field]: v })}
          error={s[field] ? err(field) : err(field) && 'Choose one'}
          warning={warnings[`settings.${field}`]}
          testId={`setting-${field}`}
        />
        {options && (
          <ContentEditorLinks
            field={field}
            chosen={options.some((o) => o.id === value) ? value : null}
            count={options.length}
          />
        )}
      </>
    );
  };
  const slugs = (field: 'category_slugs' | 'collection_slugs', legend: string, hint: string) => {
    const value = Array.isArray(s[field]) ? (s[field] as string[]) : [];
    const byIndex = Object.fromEntries(
      value.flatMap((_, i) => (warnings[`settings.${field}.${i}`] ? [[i, warnings[`settings.${field}.${i}`]!]] : [])),
    );
    return (
      <SlugChecklist
        legend={legend}
        hint={hint}
        value={value}
        options={(field === 'category_slugs' ? choices?.categories : choices?.collections) ?? []}
        onChange={(v) => set({ [field]: v })}
        warnings={byIndex}
        testId={`setting-${field}`}
      />
    );
  };

  switch (section.type) {
    case 'hero_slider':
      return (
        <>
          {pick('slider_id', 'Slider', choices?.sliders)}
          {number('autoplay_ms', 'Next slide after (milliseconds, 0: never)', 0, 60_000)}
        </>
      );
    case 'marquee': {
      const items = Array.isArray(s.items) ? (s.items as string[]) : [];
      return (
        <>
          <TextInput
            label="Lines (one per line)"
            rows={4}
            value={items.join('\n')}
            onChange={(v) => set({ items: v.split('\n') })}
            error={
              err('items') ??
              (Object.keys(errors).some((k) => k.startsWith('settings.items.'))
                ? 'Each line needs some text'
                : undefined)
            }
            testId="setting-items"
          />
          {number('duration_s', 'Seconds for one full scroll', 1, 600)}
          {link('link_url', 'Link (optional)')}
        </>
      );
    }
    case 'product_grid':
      return (
        <>
          {text('title', 'Heading')}
          <SelectInput
            label="Products"
            value={(s.source as GridSource | undefined) ?? 'latest'}
            options={GRID_SOURCES}
            onChange={(v) => set({ source: v })}
            error={err('source')}
            testId="setting-source"
          />
          {number('items', 'How many', 1, 48)}
          <Segmented
            label="Layout"
            value={(s.layout as 'grid' | 'carousel' | undefined) ?? 'grid'}
            options={[
              { value: 'grid', label: 'Grid' },
              { value: 'carousel', label: 'Carousel' },
            ]}
            onChange={(layout) => set({ layout })}
          />
          {link('view_all_url', '“View all” link (optional)')}
        </>
      );
    case 'category_grid':
      return (
        <>
          {text('title', 'Heading')}
          {slugs('category_slugs', 'Categories', 'None ticked: the top-level categories in their own order.')}
          {number('limit', 'At most', 1, 48)}
        </>
      );
    case 'collection_grid':
      return (
        <>
          {text('title', 'Heading')}
          {slugs('collection_slugs', 'Collections', 'None ticked: every collection in its own order.')}
          {number('limit', 'At most', 1, 48)}
        </>
      );
    case 'rich_text':
      return (
        <>
          {text('title', 'Heading (optional)')}
          <BlocksEditor
            blocks={(Array.isArray(s.blocks) ? s.blocks : []) as ContentBlock[]}
            onChange={(blocks) => set({ blocks })}
            errors={settingErrors}
          />
        </>
      );
    case 'image_with_text': {
      const image = (s.image ?? { url: '', alt: '' }) as SectionPicture;
      return (
        <>
          {text('title', 'Heading')}
          {text('text', 'Text', { rows: 4 })}
          <PictureField
            value={image}
            onChange={(next) => set({ image: next })}
            errors={{ url: err('image.url'), alt: err('image.alt') }}
            testId="setting-image"
          />
          <Segmented
            label="Picture on the"
            value={(s.image_position as 'left' | 'right' | undefined) ?? 'left'}
            options={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ]}
            onChange={(image_position) => set({ image_position })}
          />
          {link('link_url', 'Link (optional)')}
          {text('link_text', 'Link text')}
        </>
      );
    }
    case 'testimonials':
      return (
        <>
          {text('title', 'Heading')}
          {number('limit', 'At most', 1, 24)}
        </>
      );
    case 'faq':
      return (
        <>
          {text('title', 'Heading')}
          {pick('faq_id', 'FAQ group', choices?.faqs)}
        </>
      );
    case 'form':
      return (
        <>
          {text('title', 'Heading')}
          {pick('form_id', 'Form', choices?.forms)}
        </>
      );
    case 'blog_list':
      return (
        <>
          {text('title', 'Heading')}
          {number('items', 'How many posts', 1, 24)}
          <TextInput
            label="Only posts tagged (optional)"
            value={typeof s.tag === 'string' ? s.tag : ''}
            onChange={(v) => set({ tag: v.trim() === '' ? null : v.trim() })}
            error={err('tag')}
            testId="setting-tag"
          />
          <Toggle
            label="Pages of older posts"
            checked={s.paginate === true}
            onChange={(paginate) => set({ paginate })}
            testId="setting-paginate"
          />
        </>
      );
    case 'gallery': {
      const images = (Array.isArray(s.images) ? s.images : []) as SectionPicture[];
      return (
        <>
          {text('title', 'Heading')}
          {number('columns', 'Columns', 2, 6)}
          <GalleryPictures
            images={images}
            onChange={(next) => set({ images: next })}
            errors={{ ...settingErrors, images: err('images') ?? errors.settings }}
          />
          <FieldMessage id="gallery-warning" warning={warnings['settings.gallery_id']} />
        </>
      );
    }
    case 'newsletter':
      return (
        <>
          {choices && !choices.newsletter_plugin && (
            <div
              className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
              data-testid="newsletter-plugin-off"
            >
              <p>{NEWSLETTER_SECTION_PLUGIN_OFF}</p>
              <Link to="/plugins" className="inline-flex min-h-11 items-center underline underline-offset-2 lg:min-h-0">
                Go to Plugins
              </Link>
            </div>
          )}
          {text('title', 'Heading')}
          {text('text', 'Text (optional)', { rows: 3 })}
          {text('button_label', 'Button label')}
          <Segmented
            label="Background"
            value={(s.background as NewsletterBackground | undefined) ?? 'tinted'}
            options={NEWSLETTER_BACKGROUNDS}
            onChange={(background) => set({ background })}
          />
          <p className="text-sm text-muted">
            Sign-ups get the same confirmation e-mail as the footer’s: they are on the list once they follow its link.
          </p>
        </>
      );
    case 'page_content':
      return <p className="text-sm text-muted">Shows the page’s own text here. It has no settings.</p>;
  }
}
