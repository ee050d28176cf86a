import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PICTURE_LIMITS, type MediaItem } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { success } from '../../lib/toast';
import { Sheet, SheetButtons } from '../orders/sheet';
import { DeletedNotice, isDeleted } from './deleted';
import { MEDIA_KEY, deleteMediaUpload, saveMediaAlt } from './queries';

const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * One picture of the Media screen in a sheet: shown larger, with its size and where it is used.
 * An upload's description (alt text) is edited and saved here, and it is deleted here (the API
 * refuses while a page, post, slide or testimonial shows it, and its message names them). A
 * product's picture belongs to its product: a link opens the product editor. One deleted from its
 * product says when it goes, and that content showing it then keeps it.
 */
export function MediaDetails({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  return (
    <Sheet title="Picture" isOpen={item !== null} onClose={onClose} testId="media-details">
      {item && <Details key={item.id} item={item} onClose={onClose} />}
    </Sheet>
  );
}

function Details({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const qc = useQueryClient();
  const altId = useId();
  const [alt, setAlt] = useState(item.alt);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = item.kind === 'upload';

  const run = async (act: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await act();
      await qc.invalidateQueries({ queryKey: MEDIA_KEY });
      void success(done);
      onClose();
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    if (window.confirm(`Delete “${item.name}” from the media library? This cannot be undone.`))
      void run(() => deleteMediaUpload(item), 'Picture deleted');
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveMediaAlt(item, alt.trim()), 'Description saved');
      }}
    >
      <img
        src={item.path.replace(/^\/media\//, '/media/w_640/')}
        alt={item.alt}
        className="max-h-64 w-full rounded-lg bg-stone-100 object-contain"
      />
      <div className="text-sm">
        <p className="break-words font-medium">{item.name}</p>
        <p className="text-muted">
          {item.width} × {item.height} px{item.bytes !== null && ` · ${kB(item.bytes)}`}
        </p>
      </div>
      {isDeleted(item) && <DeletedNotice item={item} />}
      <div className="text-sm" data-testid="media-used-in">
        <p className="font-medium">Where it is used</p>
        {item.used_in.length === 0 ? (
          <p className="text-muted">Nowhere yet: no page, post, slide or testimonial shows it.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5">
            {item.used_in.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        )}
      </div>
      {upload ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={altId} className="text-sm font-medium">
            Description
          </label>
          <input
            id={altId}
            className="input"
            value={alt}
            maxLength={PICTURE_LIMITS.altMax}
            onChange={(e) => setAlt(e.target.value)}
            aria-describedby={`${altId}-hint`}
            data-testid="media-alt"
          />
          <p id={`${altId}-hint`} className="text-xs text-muted">
            What a screen reader says of the picture, and what shows if it cannot load.
          </p>
        </div>
      ) : isDeleted(item) ? null : (
        <p className="text-sm">
          This is a picture of a product: change its description or delete it in the product editor.{' '}
          <Link
            to={`/products/${encodeURIComponent(item.product_id ?? '')}`}
            className="font-medium underline"
            data-testid="media-product-link"
          >
            Open {item.name}
          </Link>
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="media-problem">
          {problem}
        </p>
      )}
      <SheetButtons>
        {upload && (
          <Button variant="danger" onPress={remove} isDisabled={busy} className="sm:mr-auto" data-testid="media-delete">
            Delete
          </Button>
        )}
        <Button onPress={onClose}>Close</Button>
        {upload && (
          <Button type="submit" variant="primary" isDisabled={busy || alt.trim() === item.alt} data-testid="media-save">
            Save description
          </Button>
        )}
      </SheetButtons>
    </form>
  );
}
