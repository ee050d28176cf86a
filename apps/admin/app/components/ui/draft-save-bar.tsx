import { Button } from './button';
import { EditorSaveBar, type Conflict } from './save-bar';

/**
 * An EditorSaveBar over a draft (FAQs, sliders, forms, menus): the status line (test id
 * `statusTestId`) says `check` while the last save's messages stand, else `unsaved` or `saved`;
 * then Discard changes and Save, both off while nothing changed or a save is on its way.
 */
export function DraftSaveBar({
  testId,
  statusTestId,
  texts,
  failed,
  dirty,
  saving,
  conflict,
  onTakeTheirs,
  onKeepMine,
  onDiscard,
  onSave,
}: {
  testId: string;
  statusTestId: string;
  texts: Record<'check' | 'unsaved' | 'saved', string>;
  /** Whether the last save left messages by field. */
  failed: boolean;
  dirty: boolean;
  saving: boolean;
  /** The refused save (409) and what differs (use-conflict.ts), or null. */
  conflict: Conflict | null;
  onTakeTheirs: () => void;
  /** Saves this version over theirs (once theirs is loaded). */
  onKeepMine?: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <EditorSaveBar
      testId={testId}
      conflict={conflict}
      onTakeTheirs={onTakeTheirs}
      onKeepMine={onKeepMine}
      status={
        <p className={failed ? 'font-medium text-red-700' : 'text-muted'} data-testid={statusTestId}>
          {failed ? texts.check : dirty ? texts.unsaved : texts.saved}
        </p>
      }
    >
      <Button variant="quiet" isDisabled={saving || !dirty} onPress={onDiscard} data-testid="discard">
        Discard changes
      </Button>
      <Button variant="primary" isDisabled={saving || !dirty} onPress={onSave} data-testid="save">
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </EditorSaveBar>
  );
}
