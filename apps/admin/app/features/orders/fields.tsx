import { useId } from 'react';
import { ApiError } from '@shopfront/shared';

/*
 * Plain labelled fields for the order dialogs: native inputs (the phone's own keyboard, date
 * and number pickers) with the API's 422 message under each.
 */
interface Base {
  label: string;
  error?: string;
  description?: string;
}

function Frame({ id, label, error, description, children }: Base & { id: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {description && !error && (
        <p id={`${id}-d`} className="text-sm text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-e`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error?: string, description?: string) =>
  error ? `${id}-e` : description ? `${id}-d` : undefined;

export function Field({ label, error, description, ...input }: Base & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} description={description}>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, description)}
        {...input}
      />
    </Frame>
  );
}

export function Area({
  label,
  error,
  description,
  ...input
}: Base & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} description={description}>
      <textarea
        id={id}
        rows={3}
        className="input py-2"
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, description)}
        {...input}
      />
    </Frame>
  );
}

export function Select({
  label,
  error,
  description,
  children,
  ...input
}: Base & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} description={description}>
      <select
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, description)}
        {...input}
      >
        {children}
      </select>
    </Frame>
  );
}

export function Check({
  label,
  ...input
}: { label: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
      <input type="checkbox" className="size-5 accent-stone-800" {...input} />
      {label}
    </label>
  );
}

/** The first 422 message of a field (`parcels.0.waybill`) from an ApiError's errors. */
export function fieldError(errors: Record<string, string[]> | undefined, key: string): string | undefined {
  return errors?.[key]?.[0];
}

/** A 422's field messages, for fieldError. */
export const fieldsOf = (err: unknown) => (err instanceof ApiError && err.status === 422 ? err.errors : undefined);
