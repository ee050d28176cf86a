import { isPicturePath } from '@shopfront/shared';
import { MediaPickerButton } from '../media/picker';
import { mediaThumbnail } from '../media/thumbnail';
import { TextInput } from '../theme/fields';

/** A section's picture as stored in its settings (a gallery's also carries its caption). */
export interface SectionPicture {
  url: string;
  alt: string;
  caption?: string | null;
}

/** The address field's hint, for a gallery's pictures too. */
export const ADDRESS_HINT = 'Chosen from the library, or a /media/… or https:// address';

/** A picture's thumbnail, or "No picture" for an empty or unusable address. */
export function Thumbnail({ url }: { url: string }) {
  const src = isPicturePath(url) ? (url.startsWith('/media/') ? mediaThumbnail(url) : url) : null;
  return src ? (
    <img src={src} alt="" className="h-16 w-16 shrink-0 rounded-lg bg-stone-100 object-cover" />
  ) : (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-xs text-muted">
      No picture
    </span>
  );
}

/**
 * One picture of a section (an image with text's): a thumbnail, "Choose from the media library"
 * (the path and its alt text come back together, as in the page and post editors), then the
 * address and the alt text to check or type. `errors` are by `url` and `alt`.
 */
export function PictureField({
  value,
  onChange,
  errors,
  testId,
  legend = 'Picture',
}: {
  value: SectionPicture;
  onChange: (v: SectionPicture) => void;
  errors: { url?: string; alt?: string };
  testId: string;
  legend?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex items-center gap-3">
        <Thumbnail url={value.url} />
        <MediaPickerButton onChoose={({ path, alt }) => onChange({ ...value, url: path, alt: alt || value.alt })} />
      </div>
      <TextInput
        label="Picture address"
        value={value.url}
        onChange={(url) => onChange({ ...value, url: url.trim() })}
        error={errors.url}
        hint={ADDRESS_HINT}
        testId={`${testId}-url`}
      />
      <TextInput
        label="Picture description (for screen readers)"
        value={value.alt}
        onChange={(alt) => onChange({ ...value, alt })}
        error={errors.alt}
        testId={`${testId}-alt`}
      />
    </fieldset>
  );
}
