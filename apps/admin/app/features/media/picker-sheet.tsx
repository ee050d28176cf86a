import { useId, useState } from 'react';
import { PICTURE_LIMITS, type MediaItem } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { SearchBox } from '../../components/ui/search-box';
import { errorText } from '../../lib/api';
import { Sheet, SheetButtons } from '../orders/sheet';
import { DeletedNotice, isDeleted } from './deleted';
import { MediaGrid } from './grid';
import { saveMediaAlt, useMediaList } from './queries';
import type { PickedPicture } from './picker';
import { mediaThumbnail } from './thumbnail';
import { UploadButton, UploadList, useUploads } from './uploads';

/**
 * The media library in a dialog (a sheet on a phone): the pictures as a grid of thumbnails
 * (uploads, then products' pictures), a search, and an upload from the device (a phone offers
 * its photos and camera). A chosen picture shows large with its alt text to check or write;
 * "Use this picture" saves a changed alt text to the library and hands both back. A product's
 * picture deleted from its product (its Undo not yet run out) may be chosen: the notice says that
 * content showing it keeps it in the library, as the clean-up then does.
 */
export default function MediaPicker({
  isOpen,
  onClose,
  onChoose,
}: {
  isOpen: boolean;
  onClose: () => void;
  onChoose: (picked: PickedPicture) => void;
}) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState('');
  const [saving, setSaving] = useState<string | null>(null);
  const list = useMediaList(q, isOpen);
  const altId = useId();

  const choose = (item: MediaItem) => {
    setChosen(item);
    setAlt(item.alt);
    setSaving(null);
  };
  const { uploads, add, retry } = useUploads(choose);
  const use = async () => {
    if (!chosen) return;
    const text = alt.trim();
    if (chosen.kind === 'upload' && text !== chosen.alt) {
      try {
        await saveMediaAlt(chosen, text);
      } catch (err) {
        return setSaving(errorText(err));
      }
    }
    onChoose({ path: chosen.path, alt: text });
  };

  return (
    <Sheet title="Media library" isOpen={isOpen} onClose={onClose} testId="media-picker" wide>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchBox
            id="media-search"
            label="Search pictures"
            placeholder="Search by name or description"
            value={q}
            onSearch={(typed) => setQ(typed.trim())}
          />
          <UploadButton label="Upload a picture" onFiles={(files) => void add(files)} />
        </div>
        <UploadList uploads={uploads} onRetry={retry} />
        <MediaGrid list={list} q={q} chosenId={chosen?.id ?? null} onChoose={choose} />
      </div>
      <SheetButtons>
        <Button onPress={onClose} className="sm:self-end">
          Cancel
        </Button>
        <Button
          variant="primary"
          isDisabled={!chosen}
          className="sm:self-end"
          onPress={() => void use()}
          data-testid="media-choose"
        >
          Use this picture
        </Button>
        {chosen && (
          // Kept in view with the buttons (a phone's long grid scrolls under it); at the left on a desktop.
          <div className="flex items-start gap-3 sm:order-first sm:mr-auto sm:flex-1" data-testid="media-chosen">
            <img src={mediaThumbnail(chosen.path)} alt="" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="truncate text-sm">
                {chosen.name}{' '}
                <span className="text-muted">
                  {chosen.width} × {chosen.height}
                  {chosen.used_in.length > 0 && ` · used in ${chosen.used_in.join(', ')}`}
                </span>
              </p>
              {isDeleted(chosen) && <DeletedNotice item={chosen} choosing />}
              <label htmlFor={altId} className="sr-only">
                Describe the picture (for screen readers)
              </label>
              <input
                id={altId}
                className="input"
                placeholder="Describe the picture"
                value={alt}
                maxLength={PICTURE_LIMITS.altMax}
                onChange={(e) => setAlt(e.target.value)}
                aria-invalid={saving ? true : undefined}
                data-testid="media-alt"
              />
              {saving && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {saving}
                </p>
              )}
            </div>
          </div>
        )}
      </SheetButtons>
    </Sheet>
  );
}
