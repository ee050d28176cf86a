import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TESTIMONIAL_LIMITS, type AdminTestimonial, type AdminTestimonialBody } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { MediaPickerButton } from '../media/picker';
import { SelectInput } from '../templates/settings-fields';
import { EditorCard, TextInput, Toggle } from '../theme/fields';

const RATINGS = [
  { value: '', label: 'No stars' },
  ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` })),
];

export const blankTestimonial: AdminTestimonialBody = {
  author: '',
  author_title: '',
  quote: '',
  rating: 5,
  picture: null,
  is_published: true,
};

export const fieldsOf = (t: AdminTestimonial): AdminTestimonialBody => ({
  author: t.author,
  author_title: t.author_title,
  quote: t.quote,
  rating: t.rating,
  picture: t.picture,
  is_published: t.is_published,
});

/**
 * One testimonial's fields (a new one when `testimonial` is null): the customer's name and the
 * line under it, what they said, stars, picture, whether shoppers see it; Move up / Move down
 * beside the list's drag and drop, and Delete. The API's messages show under each field; `notice`
 * (a refused save's) above the buttons; `history` (the testimonial's History) above the fields.
 */
export function TestimonialForm({
  testimonial,
  filled,
  history,
  errors,
  saving,
  moves,
  onSave,
  onDelete,
  onCancel,
  onChange,
  notice,
}: {
  testimonial: AdminTestimonial | null;
  /** The fields to start from instead of the testimonial's (a version History restored). */
  filled?: AdminTestimonialBody | null;
  history?: ReactNode;
  errors: Record<string, string>;
  saving: boolean;
  moves: Record<'up' | 'down', (() => void) | null>;
  onSave: (body: AdminTestimonialBody) => void;
  onDelete: () => void;
  onCancel: () => void;
  /** The fields as they are now (unsaved), for the preview. */
  onChange: (fields: AdminTestimonialBody) => void;
  notice?: ReactNode;
}) {
  const [v, setV] = useState<AdminTestimonialBody>(
    () => filled ?? (testimonial ? fieldsOf(testimonial) : blankTestimonial),
  );
  const set = (change: Partial<AdminTestimonialBody>) => setV((old) => ({ ...old, ...change }));
  useEffect(() => onChange(v), [v, onChange]);
  const ref = useRef<HTMLFormElement>(null);
  // On a phone the form sits under the list: bring it into view when it opens.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <form
      ref={ref}
      className="flex scroll-mt-20 scroll-mb-24 flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(v);
      }}
      data-testid="testimonial-form"
    >
      {history}
      <EditorCard title={testimonial ? 'Testimonial' : 'New testimonial'}>
        <TextInput
          label="Customer’s name"
          value={v.author}
          onChange={(author) => set({ author })}
          error={errors.author}
          testId="t-author"
        />
        <TextInput
          label="Under the name"
          value={v.author_title ?? ''}
          onChange={(author_title) => set({ author_title })}
          error={errors.author_title}
          hint="Optional: where they are from, or what they bought"
          testId="t-author-title"
        />
        <TextInput
          label="What they said"
          value={v.quote}
          rows={5}
          onChange={(quote) => set({ quote })}
          error={errors.quote}
          hint={`Plain text, up to ${TESTIMONIAL_LIMITS.quoteMax} characters`}
          testId="t-quote"
        />
        <SelectInput
          label="Rating"
          value={v.rating == null ? '' : String(v.rating)}
          options={RATINGS}
          onChange={(r) => set({ rating: r ? Number(r) : null })}
          error={errors.rating}
          testId="t-rating"
        />
        <MediaPickerButton
          label="Choose a picture from the media library"
          onChoose={({ path }) => set({ picture: path })}
        />
        <TextInput
          label="Picture"
          value={v.picture ?? ''}
          onChange={(p) => set({ picture: p.trim() || null })}
          error={errors.picture}
          hint="Optional: chosen above, or paste a /media/… path or an https:// address"
          testId="t-picture"
        />
        <Toggle
          label="Shown to shoppers"
          checked={v.is_published ?? true}
          onChange={(is_published) => set({ is_published })}
          testId="t-published"
        />
        {testimonial && (
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="testimonial-actions">
            <Button isDisabled={!moves.up || saving} onPress={() => moves.up?.()} data-testid="move-up">
              Move up
            </Button>
            <Button isDisabled={!moves.down || saving} onPress={() => moves.down?.()} data-testid="move-down">
              Move down
            </Button>
            <Button
              variant="danger"
              className="col-span-2"
              isDisabled={saving}
              onPress={onDelete}
              data-testid="delete-testimonial"
            >
              Delete
            </Button>
          </div>
        )}
        <div aria-live="polite" className="text-sm empty:hidden">
          {notice}
        </div>
        <div className="flex justify-end gap-2 border-t border-line pt-4">
          <Button variant="quiet" onPress={onCancel} data-testid="cancel">
            Close
          </Button>
          <Button type="submit" variant="primary" isDisabled={saving} data-testid="save-testimonial">
            {saving ? 'Saving…' : testimonial ? 'Save' : 'Add testimonial'}
          </Button>
        </div>
      </EditorCard>
    </form>
  );
}
