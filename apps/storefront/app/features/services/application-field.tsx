import { useState } from 'react';
import { APPLICATION_FILE_MAX_MB, type ApplicationField } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass, textareaClass } from '../../components/ui/field';
import { fieldHint, precheckFile } from './service-text';

/**
 * One field of a service's application form, drawn from its definition: its label (marked when
 * optional), its hint (help, accepted file types and size, a number's range) and the server's
 * message for it. The browser's own checks are off (the form is noValidate): the API decides.
 */
export function ApplicationFieldInput({
  field,
  idPrefix,
  error,
}: {
  field: ApplicationField;
  idPrefix: string;
  error: string | undefined;
}) {
  const id = `${idPrefix}-${field.key}`;
  const [fileNote, setFileNote] = useState<string | null>(null);
  const shownError = error ?? fileNote ?? undefined;
  const hint = fieldHint(field, APPLICATION_FILE_MAX_MB);
  const label = (
    <>
      {field.label}
      {!field.required && <span className="font-normal text-muted"> (optional)</span>}
    </>
  );
  const common = {
    id,
    name: field.key,
    required: field.required,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': describedBy(id, shownError, hint),
  } as const;
  const border = inputBorder(shownError);

  return (
    <FieldFrame id={id} label={label} error={shownError} hint={hint}>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} maxLength={field.max ?? undefined} className={`${textareaClass} ${border}`} />
      ) : field.type === 'choice' ? (
        <select {...common} defaultValue="" className={`${inputClass} ${border}`}>
          <option value="">Choose…</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : field.type === 'file' ? (
        <input
          {...common}
          type="file"
          accept={field.accept.join(',')}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setFileNote(file ? precheckFile(field, file, APPLICATION_FILE_MAX_MB) : null);
          }}
          className={`${inputClass} ${border} h-auto py-2.5 file:mr-3 file:rounded-lg file:border-0 file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink`}
        />
      ) : (
        <input
          {...common}
          type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          min={field.type === 'number' ? (field.min ?? undefined) : undefined}
          max={field.type === 'number' ? (field.max ?? undefined) : undefined}
          maxLength={field.type === 'text' ? (field.max ?? undefined) : undefined}
          className={`${inputClass} ${border}`}
        />
      )}
    </FieldFrame>
  );
}
