import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { EyeIcon } from './icons';

export const inputClass =
  'block h-12 w-full rounded-xl border bg-background px-4 text-[15px] text-ink placeholder:text-muted/70 focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none disabled:bg-surface disabled:text-muted';

/** A text area (a reason, a message, a long answer); inputBorder says whether it is refused. */
export const textareaClass =
  'block w-full rounded-xl border bg-background px-4 py-3 text-[15px] focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none';

export function inputBorder(error: string | undefined) {
  return error ? 'border-red-600' : 'border-ink/15';
}

/** Label, control and error line of one form field; the error is tied to the control for screen readers. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  labelAside,
  children,
  className = '',
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error: string | undefined, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  className?: string;
  id?: string;
};

export function TextField({ label, value, onValue, error, hint, labelAside, className, id, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      <input
        {...input}
        id={fieldId}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${inputClass} ${inputBorder(error)}`}
      />
    </FieldFrame>
  );
}

/** A password field with a show/hide toggle (typing a password on a phone is error-prone). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { label, value, onValue, error, hint, labelAside, className, id, ...input } = props;
  const auto = useId();
  const fieldId = id ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      <div className="relative">
        <input
          {...input}
          id={fieldId}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={`${inputClass} ${inputBorder(error)} pr-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="absolute inset-y-0 right-1 my-auto inline-flex size-10 items-center justify-center rounded-lg text-muted hover:text-ink"
        >
          <EyeIcon className={`size-5 ${visible ? 'opacity-100' : 'opacity-60'}`} />
        </button>
      </div>
    </FieldFrame>
  );
}

/** Round checkbox row (remember me, and the like). */
export function CheckboxField({
  label,
  checked,
  onChecked,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm text-ink select-none">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChecked(e.target.checked)}
        className="size-4.5 rounded border-ink/30 accent-[var(--sf-primary)]"
      />
      {label}
    </label>
  );
}
