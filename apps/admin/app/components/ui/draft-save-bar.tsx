import { Button } from './button';
import { EditorSaveBar } from './save-bar';

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
  /** The 409's message, or null. */
  conflict: string | null;
  onTakeTheirs: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <EditorSaveBar
      testId={testId}
      conflict={conflict ? [conflict] : null}
      onTakeTheirs={onTakeTheirs}
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
