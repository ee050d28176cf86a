import { useRef, useState } from 'react';
import type { MediaItem } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { PICTURE_ACCEPT } from '../../lib/upload';
import { useMediaUpload } from './queries';

export interface Upload {
  key: string;
  file: File;
  progress: number;
  error: string | null;
}

/**
 * Uploads to the media library, one file at a time (a phone's upload is slow; each shows its
 * progress), each with its own Idempotency-Key so Retry answers the same picture. `add` resolves
 * with the pictures made; a failed one stays in `uploads` with its message and Retry.
 */
export function useUploads(onUploaded: (item: MediaItem) => void = () => {}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const send = useMediaUpload();
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const start = async (u: Upload): Promise<MediaItem | null> => {
    patch(u.key, { progress: 0, error: null });
    try {
      const item = await send(u.file, u.key, (progress) => patch(u.key, { progress }));
      setUploads((list) => list.filter((x) => x.key !== u.key));
      onUploaded(item);
      return item;
    } catch (err) {
      patch(u.key, { progress: 0, error: errorText(err) });
      return null;
    }
  };
  const add = async (files: File[]): Promise<MediaItem[]> => {
    const added = files.map((file) => ({ key: crypto.randomUUID(), file, progress: 0, error: null }));
    setUploads((list) => [...list, ...added]);
    const made: MediaItem[] = [];
    for (const u of added) {
      const item = await start(u);
      if (item) made.push(item);
    }
    return made;
  };
  return { uploads, add, retry: (u: Upload) => void start(u) };
}

/** The upload button and its hidden file input (a phone offers its photos and camera). */
export function UploadButton({
  onFiles,
  multiple = false,
  label,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="primary" onPress={() => input.current?.click()} data-testid="media-upload">
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        multiple={multiple}
        hidden
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
        data-testid="media-file"
      />
    </>
  );
}

/** The uploads under way: each file's name and progress, or its error and Retry. */
export function UploadList({ uploads, onRetry }: { uploads: Upload[]; onRetry: (u: Upload) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Uploads">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          className="rounded-lg border border-line bg-white p-2 text-sm"
          data-testid="media-uploading"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">{upload.file.name}</span>
            {upload.error ? (
              <Button onPress={() => onRetry(upload)}>Retry</Button>
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
        </li>
      ))}
    </ul>
  );
}
