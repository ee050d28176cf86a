import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { PROCESSING_TEXT } from './payment-view';

/**
 * The payment-processing popup (spec section 2): shown while the order is placed and the
 * provider's page opens. A native modal <dialog> (top layer, focus kept inside, the page behind
 * inert) that cannot be dismissed half-way: Escape is ignored while it is open. Its text is a
 * polite live region, so a screen reader says where the shopper is going.
 */
export function ProcessingDialog({ open, detail }: { open: boolean; detail?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="payment-processing-title"
      aria-describedby="payment-processing-text"
      tabIndex={-1}
      onCancel={(e) => e.preventDefault()}
      data-testid="payment-processing"
      className="m-auto w-[calc(100vw-2rem)] max-w-sm rounded-3xl bg-background p-0 text-ink shadow-2xl backdrop:bg-black/60 focus:outline-none open:animate-[dialog-in_180ms_ease-out]"
    >
      <div className="flex flex-col items-center px-6 py-8 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Spinner className="size-7" />
        </span>
        <h2 id="payment-processing-title" className="mt-5 text-lg font-semibold">
          Processing your payment
        </h2>
        <p id="payment-processing-text" role="status" aria-live="polite" className="mt-1.5 text-sm text-muted">
          {open ? PROCESSING_TEXT : ''}
        </p>
        <p className="mt-4 text-xs text-muted">{detail ?? 'Please keep this page open.'}</p>
      </div>
    </dialog>
  );
}
