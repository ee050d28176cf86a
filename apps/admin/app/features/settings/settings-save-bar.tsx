import { Button } from '../../components/ui/button';
import { SaveBar } from '../../components/ui/save-bar';

/**
 * A settings form's bar: whether it has unsaved changes (on a desk), Discard and Save (each half
 * the width on a phone, under the thumb), both off while nothing changed or a save is on its way.
 */
export function SettingsSaveBar({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  return (
    <SaveBar className="flex items-center gap-3" testId="settings-save-bar">
      <p className="hidden flex-1 text-sm text-muted sm:block" aria-live="polite">
        {dirty ? 'Unsaved changes' : 'All changes saved'}
      </p>
      <Button variant="quiet" isDisabled={!dirty || saving} onPress={onDiscard} className="flex-1 sm:flex-none">
        Discard
      </Button>
      <Button
        type="submit"
        variant="primary"
        isDisabled={!dirty || saving}
        className="flex-1 sm:flex-none"
        data-testid="settings-save"
      >
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </SaveBar>
  );
}
