import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField, FormSection } from '../../components/ui/form-field';
import { emptyStage, keyOf, type ServiceForm } from './service-model';

/**
 * The stages an application moves through after it is submitted, in order; the last one means
 * completed. Each has a label, a key and the working days it usually takes (its expected date).
 */
export function StageList() {
  const { control, getValues, setValue, formState } = useFormContext<ServiceForm>();
  const stages = useFieldArray({ control, name: 'stages' });
  const listError = get(formState.errors, 'stages') as { message?: string; root?: { message?: string } } | undefined;
  const fillKey = (i: number) => {
    if (!getValues(`stages.${i}.key`).trim())
      setValue(`stages.${i}.key`, keyOf(getValues(`stages.${i}.label`)), { shouldDirty: true });
  };
  return (
    <FormSection
      title="Stages"
      description="Every application starts as Submitted (after payment, or once you quote) and may end Rejected or Cancelled. Your stages come after Submitted; the last one means completed."
    >
      <ol className="space-y-3" data-testid="stage-list">
        {stages.fields.map((s, i) => (
          <li key={s.id} className="rounded-xl border border-line p-3" data-testid="stage-row">
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr_7rem]">
              <div onBlur={() => fillKey(i)}>
                <FormField name={`stages.${i}.label`} label={`Stage ${i + 1}`} testId="stage-label" />
              </div>
              <FormField name={`stages.${i}.key`} label="Key" testId="stage-key" />
              <FormField
                name={`stages.${i}.expected_days`}
                label="Working days"
                inputMode="numeric"
                testId="stage-days"
              />
            </div>
            <div className="mt-2 flex justify-end gap-1">
              <Button
                variant="quiet"
                onPress={() => stages.move(i, i - 1)}
                isDisabled={i === 0}
                aria-label={`Move stage ${i + 1} up`}
              >
                ↑
              </Button>
              <Button
                variant="quiet"
                onPress={() => stages.move(i, i + 1)}
                isDisabled={i === stages.fields.length - 1}
                aria-label={`Move stage ${i + 1} down`}
              >
                ↓
              </Button>
              <Button
                variant="quiet"
                onPress={() => stages.remove(i)}
                isDisabled={stages.fields.length === 1}
                aria-label={`Remove stage ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {(listError?.message || listError?.root?.message) && (
        <p className="text-sm text-red-700" role="alert">
          {listError.message ?? listError.root?.message}
        </p>
      )}
      <Button
        onPress={() =>
          stages.append(emptyStage(), { shouldFocus: true, focusName: `stages.${stages.fields.length}.label` })
        }
        isDisabled={stages.fields.length >= 20}
        data-testid="add-stage"
      >
        Add a stage
      </Button>
    </FormSection>
  );
}
