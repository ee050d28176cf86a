import { useId, useRef, useState } from 'react';
import { PICTURE_LIMITS, type MediaItem } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { SearchBox } from '../../components/ui/search-box';
import { errorText } from '../../lib/api';
import { PICTURE_ACCEPT } from '../../lib/upload';
import { Sheet, SheetButtons } from '../orders/sheet';
import { mediaThumbnail, saveMediaAlt, useMediaList, useMediaUpload } from './queries';

/** What the picker hands back: the picture's /media path and its alt text. */
export interface PickedPicture {
  path: string;
  alt: string;
}

/**
 * "Choose from the media library": a button that opens the picker; `onChoose` gets the path and
 * alt text of the picture chosen. The one way the content editors take a picture from the library.
 */
export function MediaPickerButton({
  onChoose,
  label = 'Choose from the media library',
}: {
  onChoose: (picked: PickedPicture) => void;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)} className="self-start" data-testid="media-picker-open">
        {label}
      </Button>
      <MediaPicker
        isOpen={open}
        onClose={() => setOpen(false)}
        onChoose={(picked) => {
          setOpen(false);
          onChoose(picked);
        }}
      />
    </>
  );
}

interface Upload {
  key: string;
  file: File;
  progress: number;
  error: string | null;
}

/**
 * The media library in a dialog (a sheet on a phone): the pictures as a grid of thumbnails
 * (uploads, then products' pictures), a search, and an upload from the device (a phone offers
 * its photos and camera). A chosen picture shows large with its alt text to check or write;
 * "Use this picture" saves a changed alt text to the library and hands both back.
 */
export function MediaPicker({
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
  const [upload, setUpload] = useState<Upload | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const list = useMediaList(q, isOpen);
  const send = useMediaUpload();
  const input = useRef<HTMLInputElement>(null);
  const altId = useId();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const choose = (item: MediaItem) => {
    setChosen(item);
    setAlt(item.alt);
    setSaving(null);
  };
  const start = async (u: Upload) => {
    setUpload({ ...u, progress: 0, error: null });
    try {
      const item = await send(u.file, u.key, (progress) => setUpload({ ...u, progress, error: null }));
      setUpload(null);
      choose(item);
    } catch (err) {
      setUpload({ ...u, progress: 0, error: errorText(err) });
    }
  };
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
          <Button variant="primary" onPress={() => input.current?.click()} data-testid="media-upload">
            Upload a picture
          </Button>
          <input
            ref={input}
            type="file"
            accept={PICTURE_ACCEPT}
            hidden
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void start({ key: crypto.randomUUID(), file, progress: 0, error: null });
            }}
            data-testid="media-file"
          />
        </div>

        {upload && (
          <div className="rounded-lg border border-line p-2 text-sm" data-testid="media-uploading">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate">{upload.file.name}</span>
              {upload.error ? (
                <Button onPress={() => void start(upload)}>Retry</Button>
              ) : (
                <span className="shrink-0 text-muted">{Math.round(upload.progress * 100)}%</span>
              )}
            </div>
            {upload.error ? (
              <p role="alert" className="mt-1 font-medium text-red-700" data-testid="media-upload-error">
                {upload.error}
              </p>
            ) : (
              <progress
                className="mt-1 h-1.5 w-full"
                max={1}
                value={upload.progress}
                aria-label={`Uploading ${upload.file.name}`}
              />
            )}
          </div>
        )}

        {list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(list.error)}
          </p>
        ) : list.isPending ? (
          <p className="text-sm text-muted">Loading pictures…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted" data-testid="media-empty">
            {q ? `No picture matches “${q}”.` : 'No pictures yet: upload the first.'}
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Pictures">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={chosen?.id === item.id}
                  onClick={() => choose(item)}
                  className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-stone-100 ${
                    chosen?.id === item.id ? 'border-stone-900 ring-2 ring-stone-900' : 'border-transparent'
                  }`}
                  data-testid="media-item"
                >
                  <img
                    src={mediaThumbnail(item.path)}
                    alt={item.alt || item.name}
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            onPress={() => void list.fetchNextPage()}
            isDisabled={list.isFetchingNextPage}
            className="self-center"
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
      <SheetButtons>
        <Button onPress={onClose}>Cancel</Button>
        <Button variant="primary" isDisabled={!chosen} onPress={() => void use()} data-testid="media-choose">
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
