import { useEffect, useRef } from 'react';
import { SLIDER_LIMITS } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { MediaPickerButton } from '../media/picker';
import { EditorCard, TextInput } from '../theme/fields';
import type { EditSlide } from './editor';

/**
 * The open slide: its title and subtitle, its picture and the picture's description, its button,
 * and the buttons that move it (for the keyboard and a phone, beside the list's drag and drop) or
 * remove it. The API's messages show under each field.
 */
export function SlideForm({
  slide,
  errors,
  moves,
  onChange,
  onRemove,
}: {
  slide: EditSlide;
  errors: Record<string, string>;
  moves: Record<'up' | 'down', (() => void) | null>;
  onChange: (change: Partial<EditSlide>) => void;
  onRemove: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the form sits under the list: bring it into view when a slide opens.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className="scroll-mt-20 scroll-mb-40 lg:sticky lg:top-20">
      <EditorCard title="Slide">
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
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="slide-actions">
          <Button isDisabled={!moves.up} onPress={() => moves.up?.()} data-testid="move-up">
            Move up
          </Button>
          <Button isDisabled={!moves.down} onPress={() => moves.down?.()} data-testid="move-down">
            Move down
          </Button>
          <Button variant="danger" className="col-span-2" onPress={onRemove} data-testid="remove-slide">
            Remove
          </Button>
        </div>
      </EditorCard>
    </div>
  );
}
