import { useId } from 'react';
import { FieldNote } from '../../components/ui/form-field';

/** A labelled text input or textarea with its message (the API's 422 for that field) under it. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  description,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  description?: string;
  multiline?: boolean;
  testId?: string;
}) {
  const id = useId();
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || description ? `${id}-m` : undefined,
    'data-testid': testId,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} className="input min-h-20 py-2" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} className="input" onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNote id={`${id}-m`} error={error} description={description} />
    </div>
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  error,
  description,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  description?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        className="input"
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || description ? `${id}-m` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      <FieldNote id={`${id}-m`} error={error} description={description} />
    </div>
  );
}

/** Move up / move down: buttons, so the order changes with a thumb or the keyboard (no drag). */
export function MoveButtons({
  name,
  onMove,
  first,
  last,
  disabled,
}: {
  name: string;
  onMove: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
  disabled?: boolean;
}) {
  return (
    <span className="flex shrink-0 gap-1">
      <button
        type="button"
        className="btn btn-quiet size-11 px-0"
        aria-label={`Move ${name} up`}
        disabled={first || disabled}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden>↑</span>
      </button>
      <button
        type="button"
        className="btn btn-quiet size-11 px-0"
        aria-label={`Move ${name} down`}
        disabled={last || disabled}
        onClick={() => onMove(1)}
      >
        <span aria-hidden>↓</span>
      </button>
    </span>
  );
}
