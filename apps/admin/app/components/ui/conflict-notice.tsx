import { Button } from './button';
import type { Conflict } from './save-bar';

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
export default function ConflictNotice({
  conflict,
  onTakeTheirs,
  onKeepMine,
  keepMineLabel = 'Keep mine',
}: {
  conflict: Conflict;
  onTakeTheirs: () => void;
  onKeepMine?: () => void;
  /** What the second way on does, when it is not saving this version (a refused delete: Delete anyway). */
  keepMineLabel?: string;
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
            {keepMineLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
