import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { SaveBar } from '../../components/ui/save-bar';
import { applyApiError } from '../../lib/form';
import { useLeaveGuard } from '../../lib/use-leave-guard';

/**
 * What every settings form does around its fields: values saved elsewhere (an Undo, another tab)
 * show unless the form has changes of its own; leaving unsaved changes asks first; Save sends
 * them (`save` answers the values saved, or null when nothing had changed) and a refusal's
 * messages land at their fields, the rest over the bar. Spread `bar` on SettingsSaveBar.
 */
export function useSettingsSave<V extends FieldValues>(
  form: UseFormReturn<V>,
  {
    values,
    fields,
    leaveMessage,
    save,
  }: {
    /** The saved values (memoised: a new object only when what is saved changes). */
    values: V;
    /** The fields a refusal's messages may name. */
    fields: readonly Path<V>[];
    leaveMessage: string;
    save: (values: V) => Promise<V | null>;
  },
) {
  const [error, setError] = useState<string | null>(null);
  const dirty = form.formState.isDirty;
  const { reset } = form;
  useEffect(() => {
    if (!dirty) reset(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new saved values reset; typing must not
  }, [values, reset]);
  useLeaveGuard(dirty, leaveMessage);

  const submit = form.handleSubmit(async (typed) => {
    setError(null);
    try {
      form.reset((await save(typed)) ?? typed);
    } catch (err) {
      setError(applyApiError(err, fields, form.setError));
    }
  });
  const bar = {
    dirty,
    saving: form.formState.isSubmitting,
    error,
    onDiscard: () => {
      form.reset();
      setError(null);
    },
  };
  return { submit, bar };
}

/**
 * A settings form's foot: a refusal's message, then the bar: whether it has unsaved changes (on a
 * desk), Discard and Save (each half the width on a phone, under the thumb), both off while
 * nothing changed or a save is on its way.
 */
export function SettingsSaveBar({
  dirty,
  saving,
  error,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  error: string | null;
  onDiscard: () => void;
}) {
  return (
    <>
      {error && <FormMessage>{error}</FormMessage>}
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
    </>
  );
}
