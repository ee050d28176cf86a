import { useId } from 'react';
import { get, useFormContext } from 'react-hook-form';
import type { ProductForm } from './form-model';

interface Props {
  name: string;
  label: string;
  description?: string;
  /** Shown next to the label (sr-only when `hideLabel`). */
  hideLabel?: boolean;
  as?: 'input' | 'textarea' | 'select';
  type?: 'text' | 'datetime-local';
  inputMode?: 'numeric' | 'decimal' | 'text';
  rows?: number;
  className?: string;
  children?: React.ReactNode;
  testId?: string;
}

/**
 * A labelled native field of the product form: its message (the shared schema's, or the API's
 * 422 for that field, e.g. `variants.0.sku`) right under it, tied to it for screen readers.
 */
export function Field({
  name,
  label,
  description,
  hideLabel,
  as = 'input',
  type = 'text',
  inputMode,
  rows,
  className = '',
  children,
  testId,
}: Props) {
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductForm>();
  const error = get(errors, name) as { message?: string } | undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || description ? `${id}-m` : undefined,
    'data-testid': testId,
    ...register(name as never),
  };
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      {as === 'textarea' ? (
        <textarea {...common} rows={rows ?? 4} className="input min-h-24 py-2" />
      ) : as === 'select' ? (
        <select {...common} className="input">
          {children}
        </select>
      ) : (
        <input {...common} type={type} inputMode={inputMode} className="input" />
      )}
      {error?.message ? (
        <p id={`${id}-m`} className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : description ? (
        <p id={`${id}-m`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** A titled group of fields (a card). */
export function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="card space-y-4 p-4 sm:p-5">
      <div>
        <h2 className="font-semibold">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
