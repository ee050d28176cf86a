import { useId } from 'react';
import { FORM_FIELD_TYPES, FORM_LIMITS, type FormFieldType } from '@shopfront/shared';
import { OpenRowCard } from '../../components/ui/ordered-editor';
import type { OpenRowProps } from '../../lib/use-ordered-draft';
import { TextInput, Toggle } from '../theme/fields';
import type { EditField } from './editor';

export const TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Short text',
  email: 'E-mail address',
  tel: 'Phone number',
  textarea: 'Long text',
  select: 'Choice list',
};

/** A length box's text as the number it means: digits only, empty for none. */
const lengthOf = (v: string): number | null => {
  const digits = v.replace(/\D/g, '').slice(0, 5);
  return digits ? Number(digits) : null;
};

/** The key a label suggests for a new field: `Company name` → `company_name`. */
export const keyFromLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 50) || 'field';

/**
 * The open field: its label, key, type, whether it must be filled, its choices (a choice list),
 * lengths and placeholder, and the buttons that move it (for the keyboard and a phone, beside the
 * list's drag and drop) or remove it. The API's messages show under each part.
 */
export function FieldForm({ row: field, errors, moves, onChange, onRemove }: OpenRowProps<EditField>) {
  const typeId = useId();
  const optionErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('options'))
    .map(([k, v]) => (k === 'options' ? v : `Choice ${Number(k.split('.')[1]) + 1}: ${v}`));
  return (
    <OpenRowCard title="Field" noun="field" moves={moves} onRemove={onRemove}>
      <TextInput
        label="Label"
        value={field.label}
        onChange={(label) => onChange(field.auto ? { label, name: keyFromLabel(label) } : { label })}
        error={errors.label}
        hint={`What shoppers read beside the box, up to ${FORM_LIMITS.labelMax} characters`}
        testId="field-label"
      />
      <TextInput
        label="Key"
        value={field.name}
        onChange={(name) => onChange({ name, auto: false })}
        error={errors.name}
        hint="Names the answer in the inbox and its CSV: lower-case letters, digits and _"
        testId="field-key"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="text-sm font-medium">
          Type
        </label>
        <select
          id={typeId}
          className="input"
          value={field.type}
          onChange={(e) => onChange({ type: e.target.value as FormFieldType })}
          data-testid="field-type"
        >
          {FORM_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <Toggle
        label="Required"
        checked={field.required}
        onChange={(required) => onChange({ required })}
        testId="field-required"
      />
      {field.type === 'select' && (
        <TextInput
          label="Choices"
          rows={4}
          value={field.optionsText}
          onChange={(optionsText) => onChange({ optionsText })}
          error={optionErrors.join(' ') || undefined}
          hint="One choice a line, each once"
          testId="field-options"
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label="Shortest"
          value={field.min_length?.toString() ?? ''}
          onChange={(v) => onChange({ min_length: lengthOf(v) })}
          error={errors.min_length}
          hint="Characters; empty for none"
          testId="field-min"
        />
        <TextInput
          label="Longest"
          value={field.max_length?.toString() ?? ''}
          onChange={(v) => onChange({ max_length: lengthOf(v) })}
          error={errors.max_length}
          hint="Characters; empty for the usual"
          testId="field-max"
        />
      </div>
      <TextInput
        label="Placeholder"
        value={field.placeholder ?? ''}
        onChange={(placeholder) => onChange({ placeholder })}
        error={errors.placeholder}
        hint="A hint inside the empty box (optional)"
        testId="field-placeholder"
      />
    </OpenRowCard>
  );
}
