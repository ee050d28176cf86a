import { useEffect, useRef, type ReactNode } from 'react';
import { DIALOG_FOCUS_DELAY_MS } from '@shopfront/shared';
import { CloseIcon } from './icons';

const FIELD = 'input:not([type=hidden]):not([readonly]):not([disabled]), select, textarea';

/**
 * A modal built on the native <dialog> (top layer, focus trap, inert page, Escape to close, focus
 * returned to the opener). Controlled: `open` shows it; every way of closing calls `onClose`.
 * Spec section 4: the dialog takes focus 500 ms after opening: the dialog itself is focused at
 * once (screen readers announce it, the page behind is inert), and its first field after the
 * delay, when the open animation has settled and the on-screen keyboard will not jump it.
 */
export function Modal({
  open,
  onClose,
  title,
  titleId,
  children,
  size = 'md',
  testId,
  showsFor,
}: {
  open: boolean;
  /**
   * What the open dialog shows (a URL dialog: its search). A change shows the dialog again even
   * though `open` stayed true: closed by Escape while its URL was still on the way, then opened for
   * another order before that navigation was done, it would otherwise stay closed.
   */
  showsFor?: string;
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  children: ReactNode;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.focus();
      const timer = setTimeout(() => {
        // The shopper may already be somewhere inside; do not pull focus back.
        if (dialog.open && (document.activeElement === dialog || !dialog.contains(document.activeElement))) {
          dialog.querySelector<HTMLElement>(FIELD)?.focus();
        }
      }, DIALOG_FOCUS_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open, showsFor]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onClose={onClose}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog box itself, outside the panel) closes it, unless
        // the press started inside (selecting text and releasing outside must not close).
        if (e.target === e.currentTarget && pressedOnBackdrop.current) ref.current?.close();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] overflow-visible bg-transparent p-0 text-ink backdrop:bg-black/50 focus:outline-none open:animate-[dialog-in_180ms_ease-out] ${
        size === 'lg' ? 'max-w-2xl' : 'max-w-[28rem]'
      }`}
    >
      <div className="relative max-h-[calc(100dvh-1.5rem)] overflow-y-auto overscroll-contain rounded-3xl bg-background px-5 pb-6 shadow-2xl sm:px-8 sm:pb-8">
        {/* The title and × stay in view while a long dialog scrolls (order details on a phone). */}
        <div
          className="sticky top-0 z-10 -mx-5 flex items-start justify-between gap-3 bg-background px-5 pt-6 pb-1 sm:-mx-8 sm:px-8 sm:pt-8"
          data-testid="dialog-header"
        >
          <h2 id={titleId} className="min-w-0 text-2xl font-semibold tracking-tight">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close"
            className="-mt-3 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-ink/5 hover:text-ink sm:-mt-5 sm:-mr-5"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {/* Closed, the content is unmounted: nothing typed in it (a password) outlives the dialog. */}
        {open && children}
      </div>
    </dialog>
  );
}
