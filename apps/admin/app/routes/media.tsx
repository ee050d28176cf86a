import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MediaItem } from '@shopfront/shared';
import { SearchBox } from '../components/ui/search-box';
import { PageHeader } from '../components/ui/states';
import { MediaDetails } from '../features/media/details';
import { MediaGrid } from '../features/media/grid';
import { useMediaList } from '../features/media/queries';
import { UploadButton, UploadList, useUploads } from '../features/media/uploads';
import { counted } from '../lib/format';
import { success } from '../lib/toast';

export const meta = () => [{ title: 'Media · Shop admin' }];

/**
 * Content → Media (issue 28): every picture of the media library, uploads first, then the
 * products' pictures; the search (file name, description, product) lives in the address; "Load
 * more". Several pictures upload at once from a phone, each with its progress; a picture opens
 * its details: its description, where it is used, and Delete for an unused upload.
 */
export default function Media() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const list = useMediaList(q, true);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const { uploads, add, retry } = useUploads();

  const upload = async (files: File[]) => {
    const made = await add(files);
    if (made.length) void success(`${counted(made.length, 'picture')} added to the media library`);
  };

  return (
    <>
      <PageHeader
        title="Media"
        description="The pictures of your pages, posts, slides and testimonials, then your products’ pictures (one just deleted from its product stays, marked, until it is removed). Choose one to describe it, see where it is used or delete it."
        action={
          <div className="self-start">
            <UploadButton label="Upload pictures" multiple onFiles={(files) => void upload(files)} />
          </div>
        }
      />
      <div className="flex flex-col gap-3">
        <SearchBox
          id="media-search"
          label="Search pictures"
          placeholder="File name, description or product…"
          value={q}
          onSearch={(typed) => {
            const next = typed.trim();
            setParams(next ? { q: next } : {});
          }}
        />
        <UploadList uploads={uploads} onRetry={retry} />
        <div className="card p-3 sm:p-4">
          <MediaGrid list={list} q={q} chosenId={open?.id ?? null} onChoose={setOpen} captions />
        </div>
      </div>
      <MediaDetails item={open} onClose={() => setOpen(null)} />
    </>
  );
}
