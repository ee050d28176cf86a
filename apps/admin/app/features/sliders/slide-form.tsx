import { SLIDER_LIMITS } from '@shopfront/shared';
import { OpenRowCard } from '../../components/ui/ordered-editor';
import type { OpenRowProps } from '../../lib/use-ordered-draft';
import { MediaPickerButton } from '../media/picker';
import { TextInput } from '../theme/fields';
import type { EditSlide } from './editor';

/**
 * The open slide: its title and subtitle, its picture and the picture's description, its button,
 * and the buttons that move it (for the keyboard and a phone, beside the list's drag and drop) or
 * remove it. The API's messages show under each field.
 */
export function SlideForm({ row: slide, errors, moves, onChange, onRemove }: OpenRowProps<EditSlide>) {
  return (
    <OpenRowCard title="Slide" noun="slide" moves={moves} onRemove={onRemove}>
      <TextInput
        label="Title"
        value={slide.title}
        onChange={(title) => onChange({ title })}
        error={errors.title}
        hint={`The big line, up to ${SLIDER_LIMITS.titleMax} characters`}
        testId="slide-title"
      />
      <TextInput
        label="Subtitle"
        value={slide.subtitle}
        rows={2}
        onChange={(subtitle) => onChange({ subtitle })}
        error={errors.subtitle}
        hint={`Optional, up to ${SLIDER_LIMITS.subtitleMax} characters`}
        testId="slide-subtitle"
      />
      <MediaPickerButton
        label="Choose a picture from the media library"
        onChoose={({ path, alt }) => onChange({ image_url: path, ...(alt ? { image_alt: alt } : {}) })}
      />
      <TextInput
        label="Picture"
        value={slide.image_url}
        onChange={(image_url) => onChange({ image_url })}
        error={errors.image_url}
        hint="Chosen above, or paste a /media/… path or an https:// address; leave empty for the theme’s colour"
        testId="slide-image"
      />
      <TextInput
        label="Picture description"
        value={slide.image_alt}
        onChange={(image_alt) => onChange({ image_alt })}
        error={errors.image_alt}
        hint="What the picture shows, for people who cannot see it (needed with a picture)"
        testId="slide-alt"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Button text"
          value={slide.link_text}
          onChange={(link_text) => onChange({ link_text })}
          error={errors.link_text}
          hint="For example “Shop the sale”"
          testId="slide-link-text"
        />
        <TextInput
          label="Button link"
          value={slide.link_url}
          onChange={(link_url) => onChange({ link_url })}
          error={errors.link_url}
          hint="A path (/sale), https://, mailto: or tel:"
          testId="slide-link"
        />
      </div>
    </OpenRowCard>
  );
}
