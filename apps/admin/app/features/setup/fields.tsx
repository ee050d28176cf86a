import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * The setup's form fields beyond the panel's TextField: whole numbers, amounts in rupees kept as
 * paise, a yes/no switch, a choice and a long text. Each shows its message (the shared schema's,
 * or the API's 422 for that field) right under it, tied to it for screen readers.
 */
interface Base<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
}

function Message({ id, error, description }: { id: string; error?: string; description?: string }) {
  if (error)
    return (
      <p id={id} className="text-sm font-medium text-red-700">
        {error}
      </p>
    );
  return description ? (
    <p id={id} className="text-sm text-muted">
      {description}
    </p>
  ) : null;
}

/** A whole number (days, a percentage); `suffix` says its unit. Empty is sent as null, which the schema names. */
export function NumberInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  suffix,
  minor,
}: Base<T> & {
  suffix?: string;
  /** The value is kept in minor units (paise) and typed in rupees. */
  minor?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value as number | null | undefined;
        const shown = value === null || value === undefined ? '' : minor ? String(value / 100) : String(value);
        return (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
            <div className="flex items-center gap-2">
              {minor && (
                <span className="text-muted" aria-hidden="true">
                  ₹
                </span>
              )}
              <input
                id={id}
                ref={field.ref}
                name={field.name}
                inputMode={minor ? 'decimal' : 'numeric'}
                className="input max-w-40"
                value={shown}
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={`${id}-m`}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const raw = e.target.value.replace(/[,\s₹]/g, '');
                  if (raw === '') return field.onChange(null);
                  const n = Number(raw);
                  field.onChange(Number.isFinite(n) ? (minor ? Math.round(n * 100) : n) : raw);
                }}
              />
              {suffix && <span className="text-sm text-muted">{suffix}</span>}
            </div>
            <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
          </div>
        );
      }}
    />
  );
}

/** A yes/no choice as a switch a thumb can hit. */
export function SwitchInput<T extends FieldValues>({ control, name, label, description }: Base<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={id}
            className="flex min-h-11 items-center justify-between gap-4 rounded-xl border border-line px-4"
          >
            <span className="text-sm font-medium">{label}</span>
            <input
              id={id}
              ref={field.ref}
              type="checkbox"
              role="switch"
              className="h-6 w-6 accent-stone-800"
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-m`}
            />
          </label>
          <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
        </div>
      )}
    />
  );
}

/**
 * One of a few whole numbers (the GST rates) as a row of buttons a thumb can hit: a radio group,
 * so arrow keys move the choice and a screen reader names it.
 */
export function SegmentedInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  options,
  suffix = '',
}: Base<T> & { options: readonly number[]; suffix?: string }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-m`}>
          <legend className="mb-1.5 text-sm font-medium">{label}</legend>
          <div className="grid grid-flow-col auto-cols-fr overflow-hidden rounded-xl border border-line">
            {options.map((o, i) => (
              <label
                key={o}
                className={`relative flex min-h-12 cursor-pointer items-center justify-center text-base font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-4 has-[:focus-visible]:outline-stone-800 ${
                  i > 0 ? 'border-l border-line' : ''
                } ${field.value === o ? 'bg-stone-800 text-white' : 'bg-white text-ink hover:bg-stone-50'}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={field.name}
                  ref={i === 0 ? field.ref : undefined}
                  value={o}
                  checked={field.value === o}
                  onChange={() => field.onChange(o)}
                  onBlur={field.onBlur}
                />
                {o}
                {suffix}
              </label>
            ))}
          </div>
          <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
        </fieldset>
      )}
    />
  );
}

/** One of a few values, as the phone's own picker. */
export function SelectInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  options,
}: Base<T> & {
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <select
            id={id}
            ref={field.ref}
            name={field.name}
            className="input"
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={`${id}-m`}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
        </div>
      )}
    />
  );
}

/** A long text (a legal page), tall enough to read and edit on a phone; `mono` for markup. */
export function LongTextInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  rows = 12,
  mono = true,
}: Base<T> & {
  rows?: number;
  mono?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <textarea
            id={id}
            ref={field.ref}
            name={field.name}
            rows={rows}
            className={`input py-2 leading-relaxed ${mono ? 'font-mono text-sm' : ''}`}
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={`${id}-m`}
          />
          <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
        </div>
      )}
    />
  );
}

/** A colour: the picker beside its hex code (either may be used). */
export function ColourInput<T extends FieldValues>({ control, name, label, description }: Base<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <div className="flex items-center gap-3">
            <input
              type="color"
              aria-label={`${label}: picker`}
              className="h-11 w-14 rounded-lg border border-line bg-white p-1"
              value={/^#[0-9a-f]{6}$/i.test(String(field.value)) ? String(field.value) : '#000000'}
              onChange={(e) => field.onChange(e.target.value)}
            />
            <input
              id={id}
              ref={field.ref}
              name={field.name}
              className="input max-w-36 font-mono"
              value={(field.value as string | undefined) ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              aria-invalid={fieldState.invalid || undefined}
              aria-describedby={`${id}-m`}
            />
          </div>
          <Message id={`${id}-m`} error={fieldState.error?.message} description={description} />
        </div>
      )}
    />
  );
}
