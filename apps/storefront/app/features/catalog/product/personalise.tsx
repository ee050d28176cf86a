import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { MAX_CUSTOM_TEXT } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { ChevronDownIcon, CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { CUSTOM_TEXT_FIELD, IMAGE_PATH_FIELD } from '../../cart/customisation';
import {
  CUSTOMISATION_ACCEPT,
  precheckImage,
  uploadCustomisationImage,
  uploadErrorMessage,
} from './customisation-upload';

/** The product page's route id (routes.ts): its loader answers the single product. */
const PRODUCT_ROUTE_ID = 'routes/product';

/**
 * Whether the product page shows "Personalise it" for this product: the API says the product
 * allows it and the ProductCustomisation plugin is installed (`is_customisation_enabled`). Read
 * from the product page's loader, so a quickview of another product opened on that page (and
 * every quickview elsewhere) offers no personalisation.
 */
export function useCustomisable(productId: string): boolean {
  const data = useRouteLoaderData(PRODUCT_ROUTE_ID) as
    { product?: { id: string; is_customisation_enabled?: boolean } } | undefined;
  return data?.product?.id === productId && data.product.is_customisation_enabled === true;
}

/** `3/100`: what the counter beside the text field shows. */
export function customTextCount(length: number): string {
  return `${Math.min(length, MAX_CUSTOM_TEXT)}/${MAX_CUSTOM_TEXT}`;
}

/**
 * Field errors of a refused add that belong to this section: add-item answers them under
 * `additonal_data.custom_text`, `additonal_data.image_path` or `additonal_data` itself (the
 * product or the shop no longer allows customisation). The photo's own, else the section's.
 */
export function customisationErrors(errors: Record<string, string[]>): { text?: string; image?: string } {
  const first = (key: string) => errors[key]?.[0];
  const general = first('additonal_data');
  const text = first(`additonal_data.${CUSTOM_TEXT_FIELD}`) ?? general;
  const image = first(`additonal_data.${IMAGE_PATH_FIELD}`);
  return { ...(text ? { text } : {}), ...(image ? { image } : {}) };
}

/** True for the field keys customisationErrors places in this section. */
export const isCustomisationError = (key: string) => key === 'additonal_data' || key.startsWith('additonal_data.');

/**
 * The one line the folded section shows: what is chosen so far, or what can be added.
 * `“Asha” · photo`, `Photo added`, or the invitation.
 */
export function personaliseSummary(text: string, photo: 'empty' | 'uploading' | 'ready'): string {
  const name = text.trim();
  const parts = [
    ...(name ? [`“${name}”`] : []),
    ...(photo === 'ready' ? ['photo'] : photo === 'uploading' ? ['photo uploading…'] : []),
  ];
  if (parts.length === 0) return 'Optional: a name, a message or a photo';
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** Shown only without JavaScript (the photo goes up from the browser). */
export const NO_SCRIPT_PHOTO_NOTE = 'Adding a photo needs JavaScript. Your text is added without it.';

type Photo =
  | { state: 'empty' }
  | { state: 'uploading'; name: string; preview: string; progress: number }
  | { state: 'ready'; name: string; preview: string; imagePath: string };

const EMPTY: Photo = { state: 'empty' };

function PhotoIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5.2-5.2a1.5 1.5 0 0 0-2.1 0L5 19.5" />
    </svg>
  );
}

/**
 * The "Personalise it" part of the Add to cart form (spec section 3: custom_text and
 * image_path), folded by default so Add to cart stays in view: a disclosure (`<details>`, so it
 * opens without JavaScript too) whose one line says what is chosen, opening in place. A refused
 * add's message for it opens it at its field. Inside: a name or message, and a photo uploaded as soon as it is chosen
 * (POST /api/cart/customisation-image) whose answered path rides along in a hidden field. The
 * text works without JavaScript; the photo needs it (a note says so). Key it by product so a
 * client-side move to another product starts empty.
 */
export function PersonaliseFields({
  idPrefix,
  errors = {},
  onUploadingChange,
}: {
  idPrefix: string;
  /** The refused add's field errors (see customisationErrors). */
  errors?: { text?: string; image?: string };
  /** True while a photo is going up: the form's buttons wait for it. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const hydrated = useHydrated();
  const uid = useId();
  const textId = `${idPrefix}-custom-text`;
  const titleId = `${uid}-title`;
  const photoLabelId = `${uid}-photo-label`;
  const photoHintId = `${uid}-photo-hint`;
  const photoErrorId = `${uid}-photo-error`;
  const [text, setText] = useState('');
  const hasError = Boolean(errors.text || errors.image);
  const [open, setOpen] = useState(hasError);
  // A refused add about the personalisation shows its message where the field is: open.
  const [shownError, setShownError] = useState(hasError);
  if (hasError !== shownError) {
    setShownError(hasError);
    if (hasError) setOpen(true);
  }
  const [photo, setPhoto] = useState<Photo>(EMPTY);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const preview = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const focusAddButton = useRef(false);
  const busyChange = useRef(onUploadingChange);
  useEffect(() => {
    busyChange.current = onUploadingChange;
  }, [onUploadingChange]);

  // Leaving (another product, another page): stop an upload and free the preview.
  useEffect(
    () => () => {
      if (upload.current) {
        upload.current.abort();
        busyChange.current(false);
      }
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  const clearPhoto = () => {
    upload.current?.abort();
    upload.current = null;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    setPhoto(EMPTY);
    onUploadingChange(false);
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a failure or a removal.
    e.target.value = '';
    if (!file) return;
    const refused = precheckImage(file);
    if (refused) {
      setUploadError(refused);
      return;
    }
    clearPhoto();
    setUploadError(null);
    const url = URL.createObjectURL(file);
    preview.current = url;
    const controller = new AbortController();
    upload.current = controller;
    setPhoto({ state: 'uploading', name: file.name, preview: url, progress: 0 });
    onUploadingChange(true);
    try {
      const imagePath = await uploadCustomisationImage(file, {
        signal: controller.signal,
        onProgress: (progress) =>
          setPhoto((p) => (p.state === 'uploading' && p.preview === url ? { ...p, progress } : p)),
      });
      if (upload.current !== controller) return;
      setPhoto({ state: 'ready', name: file.name, preview: url, imagePath });
    } catch (err) {
      if (controller.signal.aborted) return;
      URL.revokeObjectURL(url);
      preview.current = null;
      setPhoto(EMPTY);
      setUploadError(uploadErrorMessage(err));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        onUploadingChange(false);
      }
    }
  };

  const remove = () => {
    clearPhoto();
    setUploadError(null);
    // The "Add a photo" button comes back in its place: focus moves there.
    focusAddButton.current = true;
  };

  const addButtonRef = useCallback((el: HTMLButtonElement | null) => {
    if (el && focusAddButton.current) {
      focusAddButton.current = false;
      el.focus();
    }
  }, []);
  const textRef = useCallback((el: HTMLInputElement | null) => {
    // Text typed before the page came alive counts too.
    if (el) setText(el.value);
  }, []);

  const length = text.length;
  const imageError = uploadError ?? errors.image;
  const textHint = hydrated ? undefined : `Up to ${MAX_CUSTOM_TEXT} characters`;
  const percent = photo.state === 'uploading' ? Math.round(photo.progress * 100) : 0;

  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group/personalise mb-4 rounded-2xl border border-ink/10 bg-surface/60"
      data-personalise={idPrefix}
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-2.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:px-5 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0 flex-1">
          <span id={titleId} className="block font-semibold text-ink">
            Personalise it
          </span>
          <span className="block truncate text-sm text-muted" data-testid="personalise-summary">
            {personaliseSummary(text, photo.state)}
          </span>
        </span>
        <ChevronDownIcon className="size-5 shrink-0 text-muted transition-transform group-open/personalise:rotate-180" />
      </summary>
      <div role="group" aria-labelledby={titleId} className="px-4 pt-1 pb-4 md:px-5 md:pb-5">
        <FieldFrame
          id={textId}
          label="Name or message (optional)"
          error={errors.text}
          hint={textHint}
          labelAside={
            hydrated ? (
              <span
                className={`text-xs tabular-nums ${length >= MAX_CUSTOM_TEXT ? 'font-semibold text-secondary-hover' : 'text-muted'}`}
                data-testid="custom-text-count"
                aria-hidden="true"
              >
                {customTextCount(length)}
              </span>
            ) : undefined
          }
        >
          <input
            ref={textRef}
            id={textId}
            name={CUSTOM_TEXT_FIELD}
            type="text"
            maxLength={MAX_CUSTOM_TEXT}
            autoComplete="off"
            enterKeyHint="done"
            placeholder="e.g. Asha"
            onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describedBy(textId, errors.text, textHint)}
            className={`${inputClass} ${inputBorder(errors.text)}`}
          />
        </FieldFrame>

        <div className="mt-4">
          <p id={photoLabelId} className="mb-1.5 text-sm font-medium text-ink">
            Photo (optional)
          </p>
          <input type="hidden" name={IMAGE_PATH_FIELD} value={photo.state === 'ready' ? photo.imagePath : ''} />
          {/* Never submitted (no name): the photo goes up on its own as soon as it is chosen. */}
          <input
            ref={fileInput}
            type="file"
            accept={CUSTOMISATION_ACCEPT}
            hidden
            tabIndex={-1}
            onChange={(e) => void choose(e)}
            data-testid="custom-photo-input"
          />

          {photo.state === 'empty' ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <button
                ref={addButtonRef}
                type="button"
                disabled={!hydrated}
                onClick={() => fileInput.current?.click()}
                aria-labelledby={`${photoLabelId} ${uid}-add`}
                aria-describedby={imageError ? photoErrorId : photoHintId}
                className="btn btn-outline h-11 px-4"
              >
                <PhotoIcon />
                <span id={`${uid}-add`}>Add a photo</span>
              </button>
              <span id={photoHintId} className="text-xs text-muted">
                JPEG, PNG or WebP, up to 5 MB
              </span>
            </div>
          ) : (
            <div
              className="flex items-center gap-3 rounded-xl border border-ink/10 bg-background p-2.5"
              data-testid="custom-photo"
              data-state={photo.state}
            >
              <img src={photo.preview} alt="Your photo" className="size-16 shrink-0 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink">{photo.name}</p>
                {photo.state === 'uploading' ? (
                  <>
                    <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted">
                      <Spinner className="size-3.5" />
                      Uploading… {percent}%
                    </p>
                    <div
                      role="progressbar"
                      aria-label="Photo upload"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-ink/10"
                    >
                      <div
                        className="h-full rounded-full bg-primary transition-[width] duration-200"
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                  </>
                ) : (
                  <p className="mt-0.5 text-xs font-medium text-emerald-700" role="status">
                    Photo added
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={remove}
                className="inline-flex h-9 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink"
                aria-label={photo.state === 'uploading' ? 'Cancel the photo upload' : 'Remove the photo'}
              >
                <CloseIcon className="size-4" />
                {photo.state === 'uploading' ? 'Cancel' : 'Remove'}
              </button>
            </div>
          )}

          {imageError && (
            <p id={photoErrorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
              {imageError}
            </p>
          )}
          {/* React renders no children of <noscript>: the note goes in as markup. */}
          <noscript
            dangerouslySetInnerHTML={{
              __html: `<p class="mt-1.5 text-xs text-muted">${NO_SCRIPT_PHOTO_NOTE}</p>`,
            }}
          />
        </div>
      </div>
    </details>
  );
}
