import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { savedToast } from '../../lib/undo';
import { adminSetupApi, type SetupStatus, type SetupStep } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { SETUP_QUERY } from './query';

type Schemas = typeof import('../../lib/schemas');
/** The header's query of the store settings (components/frame/header.tsx). */
const SETTINGS_QUERY = ['settings'];

interface Props<T extends FieldValues> {
  step: SetupStep;
  schema: (s: Schemas) => Schemas[keyof Schemas];
  defaults: DefaultValues<T>;
  /** The form's field names, so the API's 422 messages land beside them. */
  fields: readonly Path<T>[];
  /** What is sent: the form's values as the step's body. */
  toBody?: (values: T) => unknown;
  children: (form: UseFormReturn<T>) => React.ReactNode;
  onSaved: () => void;
  onBack?: () => void;
  last?: boolean;
}

/**
 * One setup step's form: checked with the step's shared schema as the owner types, saved by one
 * PUT /api/admin/setup/{step}, which answers the whole status (the step list ticks at once).
 */
export function StepForm<T extends FieldValues>({
  step,
  schema,
  defaults,
  fields,
  toBody,
  children,
  onSaved,
  onBack,
  last,
}: Props<T>) {
  const queryClient = useQueryClient();
  const check = sharedSchema<T>(schema);
  // The schema checks what will be sent; its messages come back under the form's own field names.
  const form = useForm<T>({
    resolver: (values, ctx, opts) => check((toBody ? toBody(values) : values) as T, ctx, opts),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The resolver answered the checked body (defaults filled in), not the raw form values.
      const { data, message, undo } = await call(adminSetupApi[step], { body: values as never });
      queryClient.setQueryData<SetupStatus>(SETUP_QUERY, data);
      // The header shows the store name from the settings: saved or undone, it follows.
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY });
      savedToast(queryClient, message ?? 'Saved', { offer: undo, refresh: [SETUP_QUERY, SETTINGS_QUERY] });
      onSaved();
    } catch (err) {
      setFormError(applyApiError(err, fields, form.setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid={`setup-${step}`}>
      {formError && <FormMessage>{formError}</FormMessage>}
      {children(form)}
      <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-3 border-t border-line bg-white px-5 py-4 sm:static sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:px-0 sm:pb-0">
        {onBack && (
          <Button variant="outline" onPress={onBack} className="w-full sm:w-auto">
            Back
          </Button>
        )}
        <Button type="submit" variant="primary" isDisabled={form.formState.isSubmitting} className="w-full sm:w-auto">
          {form.formState.isSubmitting ? 'Saving…' : last ? 'Save' : 'Save and continue'}
        </Button>
      </div>
    </form>
  );
}
