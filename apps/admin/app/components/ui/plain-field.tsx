import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Props {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  error?: FieldError;
  registration: UseFormRegisterReturn;
}

/**
 * A labelled native input for the sign-in, the one screen every session starts on: the same
 * look and wiring as TextField (label, message under the field, announced with it) without
 * react-aria in its JavaScript (ADR 0034's budget).
 */
export function PlainField({ label, type = 'text', autoComplete, autoFocus, error, registration }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="input"
        {...registration}
      />
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
