import { useRef, useState } from 'react';
import { PICTURE_LIMITS, type AdminPictures } from '@shopfront/shared';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api';
import { FormSection } from '../../../components/ui/form-field';
import { PICTURE_ACCEPT } from '../../../lib/upload';
import { uploadFile, usePictureActions, usePictures } from './api';
import { PictureCard } from './picture-card';

const MiB = 1_048_576;

interface Upload {
  key: string;
  file: File;
  progress: number;
  error: string | null;
}

/**
 * The product's pictures (issue 26): drop files on the zone or pick several; each uploads in
 * turn with its progress, a refused one says why and can be tried again (same Idempotency-Key:
 * never twice). Then order (earlier/later buttons, keyboard and one thumb alike), alt text,
 * colour, focal point and delete. Each change is saved at once and reaches the shop.
 */
export function PicturesSection({ productId }: { productId: string }) {
  const pictures = usePictures(productId);
  const actions = usePictureActions(productId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dragged = useRef<number | null>(null);
  const queue = useRef(Promise.resolve());

  const patchUpload = (key: string, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  /** Uploads one after another, so the pictures land in the order they were chosen. */
  const send = (u: Upload) => {
    queue.current = queue.current.then(async () => {
      patchUpload(u.key, { progress: 0, error: null });
      try {
        const data: AdminPictures = await uploadFile(productId, u.file, u.key, (f) =>
          patchUpload(u.key, { progress: f }),
        );
        actions.settle(data);
        setUploads((list) => list.filter((x) => x.key !== u.key));
      } catch (err) {
        patchUpload(u.key, { error: errorText(err) });
      }
    });
  };

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const fresh = [...files].map((file) => ({ key: crypto.randomUUID(), file, progress: 0, error: null }));
    setUploads((list) => [...list, ...fresh]);
    fresh.forEach(send);
  };

  const list = pictures.data?.pictures ?? [];
  const colours = pictures.data?.options.find((o) => /^colou?rs?$/i.test(o.name)) ?? null;
  const noAlt = list.filter((p) => p.alt.trim() === '').length;
  const move = (from: number, to: number) => {
    const expected = list.map((p) => p.id);
    const order = [...expected];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    actions.reorder.mutate({ order, expected });
  };

  return (
    <FormSection
      title="Pictures"
      description={`Saved as you go. The first is the main picture. JPEG, PNG, WebP or AVIF, up to ${PICTURE_LIMITS.maxBytes / MiB} MB each.`}
    >
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center ${
          dragging ? 'border-brand bg-stone-100' : 'border-line'
        }`}
        data-testid="picture-drop"
      >
        <Button variant="primary" onPress={() => input.current?.click()} className="w-full sm:w-auto">
          Add pictures
        </Button>
        <p className="text-sm text-muted">or drop them here</p>
        <input
          ref={input}
          type="file"
          accept={PICTURE_ACCEPT}
          multiple
          hidden
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
          data-testid="picture-input"
        />
      </div>

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-lg border border-line p-2 text-sm" data-testid="picture-upload">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{u.file.name}</span>
                {u.error ? (
                  <span className="flex shrink-0 gap-1">
                    <Button onPress={() => send(u)} data-testid="picture-retry">
                      Retry
                    </Button>
                    <Button variant="quiet" onPress={() => setUploads((l) => l.filter((x) => x.key !== u.key))}>
                      Dismiss
                    </Button>
                  </span>
                ) : (
                  <span className="shrink-0 text-muted">{Math.round(u.progress * 100)}%</span>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 font-medium text-red-700" data-testid="picture-upload-error">
                  {u.error}
                </p>
              ) : (
                <progress
                  className="mt-1 h-1.5 w-full"
                  max={1}
                  value={u.progress}
                  aria-label={`Uploading ${u.file.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      {pictures.isError ? (
        <p className="text-sm text-red-700">
          {errorText(pictures.error)}{' '}
          <button type="button" className="underline" onClick={() => void pictures.refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">No pictures yet: the shop shows a placeholder until you add one.</p>
      ) : (
        <>
          {noAlt > 0 && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="picture-alt-warning">
              {noAlt === 1 ? '1 picture has' : `${noAlt} pictures have`} no alt text: shoppers who use a screen reader
              hear nothing for {noAlt === 1 ? 'it' : 'them'}.
            </p>
          )}
          <ol className="space-y-3" aria-label="Pictures in order">
            {list.map((p, i) => (
              <PictureCard
                key={p.id}
                picture={p}
                index={i}
                count={list.length}
                colours={colours}
                onMove={(to) => move(i, to)}
                onDragFrom={() => (dragged.current = i)}
                onDropHere={() => {
                  if (dragged.current !== null && dragged.current !== i) move(dragged.current, i);
                  dragged.current = null;
                }}
                onSave={(patch) => actions.update.mutate({ id: p.id, patch })}
                onDelete={() => actions.remove.mutate(p.id)}
              />
            ))}
          </ol>
        </>
      )}
    </FormSection>
  );
}
