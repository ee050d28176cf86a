import { Button } from '../../components/ui/button';
import { MediaPickerButton } from '../media/picker';
import { TextInput } from '../theme/fields';
import { ADDRESS_HINT, Thumbnail, type SectionPicture } from './section-picture';
import { FieldMessage } from './settings-fields';

/**
 * A gallery section's own pictures, in order: each with its thumbnail, alt text, address, and
 * buttons to move or remove it; "Add a picture" opens the media library. `errors` are by
 * `images.N.url` / `images.N.alt`, and `images` for the list as a whole.
 */
export function GalleryPictures({
  images,
  onChange,
  errors,
}: {
  images: SectionPicture[];
  onChange: (images: SectionPicture[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const set = (i: number, img: SectionPicture) => onChange(images.map((x, j) => (j === i ? img : x)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...images];
    const [img] = next.splice(i, 1);
    if (img) next.splice(i + by, 0, img);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-3" data-testid="setting-images">
      <legend className="mb-1 text-sm font-medium">Pictures</legend>
      {images.map((img, i) => (
        <div
          key={i}
          className="flex flex-col gap-2 rounded-xl border border-line p-3"
          data-testid={`gallery-image-${i}`}
        >
          <div className="flex items-center gap-2">
            <Thumbnail url={img.url} />
            <span className="flex-1" />
            <Button
              variant="quiet"
              isDisabled={i === 0}
              onPress={() => move(i, -1)}
              aria-label={`Move picture ${i + 1} up`}
            >
              ↑
            </Button>
            <Button
              variant="quiet"
              isDisabled={i === images.length - 1}
              onPress={() => move(i, 1)}
              aria-label={`Move picture ${i + 1} down`}
            >
              ↓
            </Button>
            <Button
              variant="quiet"
              onPress={() => onChange(images.filter((_, j) => j !== i))}
              aria-label={`Remove picture ${i + 1}`}
            >
              Remove
            </Button>
          </div>
          <TextInput
            label={`Picture ${i + 1}: description (for screen readers)`}
            value={img.alt}
            onChange={(alt) => set(i, { ...img, alt })}
            error={errors[`images.${i}.alt`]}
            testId={`gallery-image-${i}-alt`}
          />
          <TextInput
            label={`Picture ${i + 1}: address`}
            value={img.url}
            onChange={(url) => set(i, { ...img, url: url.trim() })}
            error={errors[`images.${i}.url`]}
            hint={ADDRESS_HINT}
            testId={`gallery-image-${i}-url`}
          />
        </div>
      ))}
      <MediaPickerButton
        label="Add a picture from the media library"
        onChoose={({ path, alt }) => {
          // A new gallery's empty picture is filled first; otherwise the chosen one is added.
          const blank = images.findIndex((img) => img.url === '');
          const chosen = { url: path, alt: blank >= 0 && images[blank]!.alt ? images[blank]!.alt : alt, caption: null };
          onChange(blank >= 0 ? images.map((x, j) => (j === blank ? chosen : x)) : [...images, chosen]);
        }}
      />
      <FieldMessage id="gallery-images-m" error={errors.images} />
    </fieldset>
  );
}
