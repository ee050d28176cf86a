import { useId } from 'react';
import { get, useFormContext } from 'react-hook-form';

interface Props {
  /** The field's path in the form (`title`, `variants.0.sku`, `min_order`). */
  name: string;
  label: string;
  description?: string;
  /** The label is for screen readers only (a grid's cell, labelled by its column). */
  hideLabel?: boolean;
  as?: 'input' | 'textarea' | 'select';
  type?: 'text' | 'datetime-local';
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** A textarea's height in lines (4). */
  rows?: number;
  /** Shown inside the field's left edge (₹) or right edge (%). */
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  className?: string;
  /** A select's options. */
  children?: React.ReactNode;
  testId?: string;
}

/**
 * A labelled native field of a react-hook-form form (the product and coupon editors): its message
 * (the shared schema's, or the API's 422 for that field, e.g. `variants.0.sku`) right under it,
 * tied to it for screen readers.
 */
export function FormField({
  name,
  label,
  description,
  hideLabel,
  as = 'input',
  type = 'text',
  inputMode,
  rows,
  prefix,
  suffix,
  placeholder,
  className = '',
  children,
  testId,
}: Props) {
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = get(errors, name) as { message?: string } | undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || description ? `${id}-m` : undefined,
    'data-testid': testId,
    ...register(name),
  };
  const input = (
    <input
      {...common}
      type={type}
      inputMode={inputMode}
      placeholder={placeholder}
      autoComplete="off"
      className={`input w-full ${prefix ? 'pl-8' : ''} ${suffix ? 'pr-8' : ''}`}
    />
  );
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      {as === 'textarea' ? (
        <textarea {...common} rows={rows ?? 4} placeholder={placeholder} className="input min-h-24 py-2" />
      ) : as === 'select' ? (
        <select {...common} className="input">
          {children}
        </select>
      ) : prefix || suffix ? (
        <div className="relative">
          {prefix && (
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">{prefix}</span>
          )}
          {suffix && (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted">
              {suffix}
            </span>
          )}
          {input}
        </div>
      ) : (
        input
      )}
      <FieldNote id={`${id}-m`} error={error?.message} description={description} />
    </div>
  );
}

/** A field's message under it: its error, else its description (`id` is its aria-describedby). */
export function FieldNote({ id, error, description }: { id: string; error?: string; description?: string }) {
  if (error)
    return (
      <p id={id} className="text-sm font-medium text-red-700">
        {error}
      </p>
    );
  if (description)
    return (
      <p id={id} className="text-sm text-muted">
        {description}
      </p>
    );
  return null;
}

/** A titled group of fields (a card). */
export function FormSection({
  title,
  description,
  children,
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
