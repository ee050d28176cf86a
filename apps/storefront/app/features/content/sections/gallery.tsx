import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { galleryGridSizes, imageSizes, imageUrl, srcSet, type Gallery as StoredGallery } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SmartLink } from '../../../components/smart-link';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons';
import { SectionHeading } from './section-heading';

const COLS: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-3 lg:grid-cols-4',
  5: 'sm:grid-cols-3 lg:grid-cols-5',
  6: 'sm:grid-cols-3 lg:grid-cols-6',
};

/** One picture of a gallery section, from its own settings or from a stored gallery. */
export interface GalleryPicture {
  url: string;
  alt: string;
  caption: string | null;
  link: string | null;
}

/** The pictures of a section: a stored gallery's (gallery_id) when resolved, else the inline ones. */
export function galleryPictures(
  inline: readonly { url: string; alt: string; caption: string | null; link?: string | null | undefined }[],
  stored: StoredGallery | null,
): GalleryPicture[] {
  if (stored) return stored.images.map((i) => ({ url: i.path, alt: i.alt, caption: i.caption, link: i.link }));
  return inline.map((i) => ({ url: i.url, alt: i.alt, caption: i.caption, link: i.link ?? null }));
}

const LIGHTBOX_SIZES = imageSizes({ base: '100vw', lg: '80vw' });
/** A horizontal move of at least this many CSS pixels is a swipe. */
const SWIPE_PX = 50;

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/25 transition-colors hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40';

/**
 * The lightbox: a modal `<dialog>` (focus stays inside, the page behind is inert). Arrow keys and
 * the 44 px buttons move, a swipe does on touch screens, Esc or Close closes it and focus goes
 * back to the thumbnail of the picture shown last. "3 of 12" and the caption say where one is.
 */
function Lightbox({
  pictures,
  index,
  onMove,
  onClose,
  label,
}: {
  pictures: GalleryPicture[];
  index: number;
  onMove: (next: number) => void;
  onClose: () => void;
  label: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const picture = pictures[index]!;
  const count = pictures.length;
  const move = useCallback((step: number) => onMove((index + step + count) % count), [index, count, onMove]);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      onMove(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      onMove(count - 1);
    }
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) move(dx < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={ref}
      aria-label={label}
      aria-roledescription="lightbox"
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="gallery-lightbox m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-2 sm:px-5">
          <p className="text-sm font-medium tabular-nums" aria-live="polite" data-lightbox-counter="">
            {index + 1} of {count}
          </p>
          <button type="button" className={controlClass} onClick={() => ref.current?.close()} aria-label="Close">
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 sm:px-16"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = null)}
        >
          <img
            key={picture.url}
            src={imageUrl(picture.url, 1280)}
            srcSet={srcSet(picture.url)}
            sizes={LIGHTBOX_SIZES}
            alt={picture.alt}
            className="max-h-full max-w-full object-contain select-none"
            draggable={false}
          />
          {count > 1 && (
            <>
              <button
                type="button"
                className={`${controlClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                onClick={() => move(-1)}
                aria-label="Previous image"
              >
                <ChevronLeftIcon className="size-6" />
              </button>
              <button
                type="button"
                className={`${controlClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                onClick={() => move(1)}
                aria-label="Next image"
              >
                <ChevronRightIcon className="size-6" />
              </button>
            </>
          )}
        </div>
        <div className="min-h-16 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] text-center sm:px-8">
          {picture.caption && (
            <p className="text-[15px] leading-snug" data-lightbox-caption="">
              {picture.caption}
            </p>
          )}
          {picture.link && (
            <SmartLink
              to={picture.link}
              className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4"
            >
              View
            </SmartLink>
          )}
        </div>
      </div>
    </dialog>
  );
}

/**
 * A grid of captioned images, two across on phones and the configured number on desktops; each
 * opens the lightbox. The images come from the section's own settings or, with `gallery_id`, from
 * a stored gallery (Gallery plugin).
 */
export function Gallery({
  id,
  title,
  pictures,
  columns,
}: {
  id: string;
  title: string;
  pictures: GalleryPicture[];
  columns: number;
}) {
  const headingId = `${id}-title`;
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = useRef(0);
  if (!pictures.length) return null;

  const close = () => {
    setOpen(null);
    // Back to the thumbnail of the picture seen last: after the dialog's own focus restoring,
    // which would put it on the thumbnail that opened it.
    const thumb = thumbs.current[shown.current];
    requestAnimationFrame(() => thumb?.focus());
  };
  const move = (next: number) => {
    shown.current = next;
    setOpen(next);
  };

  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Gallery'}
      className="gallery-section py-12 md:py-16"
    >
      <Container>
        <SectionHeading id={headingId} title={title} />
        <ul className={`grid grid-cols-2 gap-3 md:gap-5 ${COLS[columns] ?? COLS[3]}`}>
          {pictures.map((img, i) => (
            <li key={`${img.url}-${i}`}>
              <figure>
                <button
                  ref={(el) => {
                    thumbs.current[i] = el;
                  }}
                  type="button"
                  onClick={() => move(i)}
                  aria-label={`Open image ${i + 1} of ${pictures.length}: ${img.alt}`}
                  aria-haspopup="dialog"
                  className="block w-full overflow-hidden rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                >
                  <ResponsiveImage
                    src={img.url}
                    alt={img.alt}
                    width={800}
                    height={800}
                    sizes={galleryGridSizes(columns)}
                    className="aspect-square w-full bg-surface object-cover transition-transform duration-300 hover:scale-[1.03]"
                  />
                </button>
                {img.caption && <figcaption className="mt-2 text-sm text-muted">{img.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      </Container>
      {open !== null && (
        <Lightbox
          pictures={pictures}
          index={open}
          onMove={move}
          onClose={close}
          label={title ? `${title}: images` : 'Gallery images'}
        />
      )}
    </section>
  );
}
