import { Suspense, lazy, type ReactNode } from 'react';
import { Button } from './button';
import type { DiffRow } from '../../lib/field-diff';

/** A refused save is rare: its notice loads when one happens. */
const ConflictNotice = lazy(() => import('./conflict-notice'));

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

/** A save refused because someone else saved first (409), and what differs. */
export interface Conflict {
  /** The refusal's message. */
  message: string;
  /** What differs, field by field (theirs, yours); absent while their version loads or when it cannot be read. */
  rows?: readonly DiffRow[];
  /** What differs, a line each (a template's sections). */
  lines?: readonly string[];
}

/**
 * A refused save's notice where an editor shows it (the save bar below, a testimonial's form): the
 * refusal's message at once, then, once the notice has loaded, what differs and Take theirs /
 * Keep mine.
 */
export function RefusedSave({
  conflict,
  onTakeTheirs,
  onKeepMine,
  keepMineLabel,
}: {
  conflict: Conflict;
  onTakeTheirs: () => void;
  onKeepMine?: () => void;
  keepMineLabel?: string;
}) {
  return (
    // While the notice loads, its first line: the refusal's message, as the notice starts.
    <Suspense fallback={<p className="font-medium text-red-700">{conflict.message}</p>}>
      <ConflictNotice
        conflict={conflict}
        onTakeTheirs={onTakeTheirs}
        onKeepMine={onKeepMine}
        keepMineLabel={keepMineLabel}
      />
    </Suspense>
  );
}

/**
 * The bar under an editor beside a live preview (menus, templates, pages, posts, sliders, FAQs,
 * forms): the state of the work, or, when a save was refused because someone else saved first
 * (409), what differs and a way on: take their version, or keep this one (saved over theirs);
 * then the screen's buttons. On a phone the status has its own line above them and the buttons
 * share one row (a third row left the editor too little of the screen).
 */
export function EditorSaveBar({
  testId,
  status,
  conflict,
  onTakeTheirs,
  onKeepMine,
  children,
}: {
  testId: string;
  /** The status line shown while there is no conflict. */
  status: ReactNode;
  /** The refused save, or null. */
  conflict: Conflict | null;
  onTakeTheirs: () => void;
  /** Saves this version over theirs; absent: only theirs can be taken. */
  onKeepMine?: () => void;
  /** The buttons: Discard, Save… */
  children: ReactNode;
}) {
  return (
    <SaveBar className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2" testId={testId}>
      <div className="min-w-0 basis-full text-sm sm:flex-1 sm:basis-auto" aria-live="polite">
        {conflict ? <RefusedSave conflict={conflict} onTakeTheirs={onTakeTheirs} onKeepMine={onKeepMine} /> : status}
      </div>
      <div className="flex w-full gap-2 sm:w-auto sm:gap-3 max-sm:[&>*]:flex-1 max-sm:[&>*]:px-2 max-sm:[&>*]:text-sm max-sm:[&>*]:whitespace-nowrap">
        {children}
      </div>
    </SaveBar>
  );
}
