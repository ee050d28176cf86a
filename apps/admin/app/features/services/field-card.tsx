import { get, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { FIELD_TYPES, FIELD_TYPE_LABELS, FILE_TYPES, FILE_TYPE_LABELS, keyOf, type ServiceForm } from './service-model';

/**
 * One question of the application form: its label (the key follows it until typed), type,
 * whether it is required, help, and what its type needs (a choice's options, a number's range,
 * a file's types and size). Moved with Up and Down (keyboard and touch alike).
 */
export function FieldCard({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { register, getValues, setValue, formState } = useFormContext<ServiceForm>();
  const at = `form_fields.${index}` as const;
  const type = useWatch<ServiceForm, `form_fields.${number}.type`>({ name: `${at}.type` });
  const label = useWatch<ServiceForm, `form_fields.${number}.label`>({ name: `${at}.label` });
  const acceptError = get(formState.errors, `${at}.accept`) as { message?: string } | undefined;
  const fillKey = () => {
    if (!getValues(`${at}.key`).trim()) setValue(`${at}.key`, keyOf(getValues(`${at}.label`)), { shouldDirty: true });
  };
  return (
    <li className="rounded-xl border border-line p-3 sm:p-4" data-testid="field-card">
      <div className="mb-3 flex items-center gap-2">
        <span className="text-sm font-semibold">
          {index + 1}. {label?.trim() || 'New question'}
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            variant="quiet"
            onPress={() => onMove(index - 1)}
            isDisabled={index === 0}
            aria-label={`Move question ${index + 1} up`}
          >
            ↑
          </Button>
          <Button
            variant="quiet"
            onPress={() => onMove(index + 1)}
            isDisabled={index === count - 1}
            aria-label={`Move question ${index + 1} down`}
          >
            ↓
          </Button>
          <Button
            variant="quiet"
            onPress={onRemove}
            aria-label={`Remove question ${index + 1}`}
            data-testid="remove-field"
          >
            Remove
          </Button>
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div onBlur={fillKey}>
          <FormField name={`${at}.label`} label="Question" testId="field-label" />
        </div>
        <FormField name={`${at}.type`} label="Answer type" as="select" testId="field-type">
          {FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {FIELD_TYPE_LABELS[t]}
            </option>
          ))}
        </FormField>
        <FormField
          name={`${at}.key`}
          label="Key"
          description="Names the answer in exports; filled from the question."
          testId="field-key"
        />
        <FormField name={`${at}.help`} label="Help under the field (optional)" testId="field-help" />
        {type === 'choice' && (
          <FormField
            name={`${at}.options`}
            label="Options, one per line"
            as="textarea"
            rows={3}
            className="sm:col-span-2"
            testId="field-options"
          />
        )}
        {type === 'number' && (
          <>
            <FormField name={`${at}.min`} label="Smallest (optional)" inputMode="decimal" testId="field-min" />
            <FormField name={`${at}.max`} label="Largest (optional)" inputMode="decimal" testId="field-max" />
          </>
        )}
        {(type === 'text' || type === 'textarea') && (
          <FormField
            name={`${at}.max`}
            label="Longest answer in characters (optional, up to 10,000)"
            inputMode="numeric"
          />
        )}
        {type === 'file' && (
          <>
            <fieldset
              className="space-y-1.5 sm:col-span-2"
              aria-describedby={acceptError ? `${at}-accept-m` : undefined}
            >
              <legend className="text-sm font-medium">Accepted files</legend>
              <div className="flex flex-wrap gap-2">
                {FILE_TYPES.map((t) => (
                  <label
                    key={t}
                    className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 text-sm"
                  >
                    <input type="checkbox" value={t} {...register(`${at}.accept`)} className="size-4" />
                    {FILE_TYPE_LABELS[t]}
                  </label>
                ))}
              </div>
              {acceptError?.message && (
                <p id={`${at}-accept-m`} className="text-sm text-red-700" data-testid="field-accept-error">
                  {acceptError.message}
                </p>
              )}
            </fieldset>
            <FormField name={`${at}.max_mb`} label="Largest file in MB (up to 10)" inputMode="decimal" />
          </>
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm sm:col-span-2">
          <input type="checkbox" {...register(`${at}.required`)} className="size-4" data-testid="field-required" />
          The customer must answer it
        </label>
      </div>
    </li>
  );
}
