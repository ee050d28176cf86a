import { useId } from 'react';
import { get, useFormContext } from 'react-hook-form';
import type { CouponForm } from './form-model';

interface Props {
  name: keyof CouponForm;
  label: string;
  description?: string;
  as?: 'input' | 'select';
  type?: 'text' | 'datetime-local';
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** Shown inside the field's left edge (₹) or right edge (%). */
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  className?: string;
  children?: React.ReactNode;
  testId?: string;
}

/** A labelled field of the coupon form, its message (the shared schema's or the API's) right under it. */
export function CouponField({
  name,
  label,
  description,
  as = 'input',
  type = 'text',
  inputMode,
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
  } = useFormContext<CouponForm>();
  const error = get(errors, name) as { message?: string } | undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || description ? `${id}-m` : undefined,
    'data-testid': testId,
    ...register(name),
  };
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {as === 'select' ? (
        <select {...common} className="input">
          {children}
        </select>
      ) : (
        <div className="relative">
          {prefix && (
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">{prefix}</span>
          )}
          {suffix && (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted">
              {suffix}
            </span>
          )}
          <input
            {...common}
            type={type}
            inputMode={inputMode}
            placeholder={placeholder}
            autoComplete="off"
            className={`input w-full ${prefix ? 'pl-8' : ''} ${suffix ? 'pr-8' : ''}`}
          />
        </div>
      )}
      <FieldNote id={`${id}-m`} error={error?.message} description={description} />
    </div>
  );
}

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

/** A yes/no rule: a large tap target with its plain-words explanation. */
export function CouponCheck({
  name,
  label,
  description,
  testId,
}: {
  name: 'first_order_only' | 'secret';
  label: string;
  description: string;
  testId?: string;
}) {
  const id = useId();
  const { register } = useFormContext<CouponForm>();
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand"
        data-testid={testId}
        {...register(name)}
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
    </label>
  );
}

/** A titled group of fields (a card). */
export function Group({
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
