import { UNDOABLE_ACTIONS, UNDO_OFFER_MS, type UndoOffer } from '@shopfront/shared';
import type { AuditActor } from '../../staff/audit.ts';

/** The actor of a save, collecting the audit entries the save writes (for its Undo offer). */
export const collecting = <A extends AuditActor>(actor: A): A & Required<Pick<AuditActor, 'written'>> => ({
  ...actor,
  written: [],
});

/**
 * The `undo` beside a save's data (issue 25): the newest entry it wrote, the others as `also`;
 * none when the save changed nothing or wrote a kind that cannot be undone.
 */
export function undoOffer(actor: AuditActor): UndoOffer | undefined {
  const written = actor.written ?? [];
  if (written.length === 0) return undefined;
  if (!written.every((w) => (UNDOABLE_ACTIONS as readonly string[]).includes(w.action))) return undefined;
  const ids = written.map((w) => w.id);
  return {
    id: ids.at(-1)!,
    also: ids.slice(0, -1),
    expires_at: new Date(Date.now() + UNDO_OFFER_MS).toISOString(),
  };
}
