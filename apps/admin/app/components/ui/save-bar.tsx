import { Button } from './button';
import type { ReactNode } from 'react';
import type { DiffRow } from '../../lib/field-diff';

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

/** At most this many differences are listed; the notice then says how many more there are. */
const ROWS_SHOWN = 12;

function Side({ name, text }: { name: string; text: string | null }) {
  return (
    <>
      <dt className="text-muted">{name}</dt>
      <dd className="min-w-0 break-words">
        {text === null ? <em className="text-muted">none</em> : text || <em className="text-muted">empty</em>}
      </dd>
    </>
  );
}

/** The refusal, what differs (theirs, then yours, by field), and the two ways on. */
function ConflictNotice({
  conflict,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: Conflict;
  onTakeTheirs: () => void;
  onKeepMine?: () => void;
}) {
  const { message, rows, lines } = conflict;
  return (
    <div data-testid="conflict">
      <p className="font-medium text-red-700">{message}</p>
      {lines && lines.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {rows && (
        <div className="mt-2 max-h-48 overflow-y-auto rounded-lg border border-line" data-testid="conflict-diff">
          {rows.length === 0 ? (
            <p className="px-3 py-2 text-muted">Their version holds what yours does.</p>
          ) : (
            <ul className="divide-y divide-line">
              {rows.slice(0, ROWS_SHOWN).map((row) => (
                <li key={row.label} className="px-3 py-2" data-testid="conflict-row">
                  <p className="font-medium">{row.label}</p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
                    <Side name="Theirs" text={row.theirs} />
                    <Side name="Yours" text={row.mine} />
                  </dl>
                </li>
              ))}
              {rows.length > ROWS_SHOWN && (
                <li className="px-3 py-2 text-muted">…and {rows.length - ROWS_SHOWN} more</li>
              )}
            </ul>
          )}
        </div>
      )}
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button variant="outline" onPress={onTakeTheirs} data-testid="take-theirs">
          Take theirs
        </Button>
        {onKeepMine && (
          <Button variant="danger" onPress={onKeepMine} data-testid="keep-mine">
            Keep mine
          </Button>
        )}
      </div>
    </div>
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
        {conflict ? <ConflictNotice conflict={conflict} onTakeTheirs={onTakeTheirs} onKeepMine={onKeepMine} /> : status}
      </div>
      <div className="flex w-full gap-2 sm:w-auto sm:gap-3 max-sm:[&>*]:flex-1 max-sm:[&>*]:px-2 max-sm:[&>*]:text-sm max-sm:[&>*]:whitespace-nowrap">
        {children}
      </div>
    </SaveBar>
  );
}
