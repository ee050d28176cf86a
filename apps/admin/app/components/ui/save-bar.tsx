import { Button } from './button';
import type { ReactNode } from 'react';

/**
 * The sticky bar of a form's Save (product, coupon, bulk editor). On a phone it sits flush on the
 * bottom navigation (3.5 rem + its 1 px border + the safe area), full width and opaque, so no
 * page shows between the two; from 1024 px (no bottom navigation) it is a card at the page's foot.
 */
export function SaveBar({
  children,
  className = '',
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={`sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 -mx-4 border-t border-line bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:-mx-6 sm:px-6 lg:bottom-2 lg:mx-0 lg:rounded-xl lg:border lg:px-4 ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/**
 * An editor's submit button in its SaveBar: the whole width on a phone, "Saving…" and off while
 * the save is on its way. `children`: what it says otherwise ("Save", "Create coupon").
 */
export function SaveButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" className="w-full sm:w-auto" isDisabled={submitting} data-testid="save">
      {submitting ? 'Saving…' : children}
    </Button>
  );
}

/**
 * The bar under an editor beside a live preview (menus, templates): the state of the work, or,
 * when a save was refused because someone else saved first (409), what they changed and a way to
 * take their version; then the screen's buttons. On a phone the status has its own line above them
 * and the buttons share one row (a third row left the editor too little of the screen).
 */
export function EditorSaveBar({
  testId,
  status,
  conflict,
  onTakeTheirs,
  children,
}: {
  testId: string;
  /** The status line shown while there is no conflict. */
  status: ReactNode;
  /** The refusal's message, then each difference; null when there is none. */
  conflict: readonly string[] | null;
  onTakeTheirs: () => void;
  /** The buttons: Discard, Save… */
  children: ReactNode;
}) {
  return (
    <SaveBar className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2" testId={testId}>
      <div className="min-w-0 basis-full text-sm sm:flex-1 sm:basis-auto" aria-live="polite">
        {conflict ? (
          <div className="font-medium text-red-700" data-testid="conflict">
            <p>{conflict[0]}</p>
            {conflict.length > 1 && (
              <ul className="mt-1 list-disc pl-5 font-normal">
                {conflict.slice(1).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            <button type="button" className="mt-1 underline" onClick={onTakeTheirs} data-testid="take-theirs">
              Load their version (your changes are dropped)
            </button>
          </div>
        ) : (
          status
        )}
      </div>
      <div className="flex w-full gap-2 sm:w-auto sm:gap-3 max-sm:[&>*]:flex-1 max-sm:[&>*]:px-2 max-sm:[&>*]:text-sm max-sm:[&>*]:whitespace-nowrap">
        {children}
      </div>
    </SaveBar>
  );
}
