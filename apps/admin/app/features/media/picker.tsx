import { Suspense, lazy, useState } from 'react';
import { Button } from '../../components/ui/button';

/** The library's sheet (react-aria's dialog, the grid, uploads: about 30 kB of gzip JavaScript) loads when first wanted. */
const MediaPicker = lazy(() => import('./picker-sheet'));
const loadPicker = () => void import('./picker-sheet');

/** What the picker hands back: the picture's /media path and its alt text. */
export interface PickedPicture {
  path: string;
  alt: string;
}

/**
 * "Choose from the media library": a button that opens the picker; `onChoose` gets the path and
 * alt text of the picture chosen. The one way the content editors take a picture from the library.
 * The picker starts loading when the button is pointed at or focused, and opens once loaded if it
 * was pressed first; it stays mounted after, so it closes as it always did.
 */
export function MediaPickerButton({
  onChoose,
  label = 'Choose from the media library',
}: {
  onChoose: (picked: PickedPicture) => void;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        onPress={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={loadPicker}
        onFocus={loadPicker}
        className="self-start"
        data-testid="media-picker-open"
      >
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MediaPicker
            isOpen={open}
            onClose={() => setOpen(false)}
            onChoose={(picked) => {
              setOpen(false);
              onChoose(picked);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
