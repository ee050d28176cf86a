import { useId, type ReactNode } from 'react';
import { DEVICE_FONTS, MIN_TEXT_CONTRAST, SHOP_FONTS, WEB_FONTS, contrastRatio } from '@shopfront/shared';

/**
 * The Theme screen's fields: plain controlled inputs (no form library: every keystroke goes to
 * the preview), each with its message (the API's 422 for it) right under it.
 */
function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={id} className="text-sm font-medium text-red-700" data-testid="field-error">
        {error}
      </p>
    );
  return hint ? (
    <p id={id} className="text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the picker beside its hex code (either may be used). */
export function ColourField({
  label,
  value,
  onChange,
  error,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  testId: string;
  /** Shown under the field (a contrast check). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex scroll-mt-32 scroll-mb-32 flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`${label}: picker`}
          className="h-11 w-14 shrink-0 rounded-lg border border-line bg-white p-1"
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          className="input font-mono"
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => onChange(e.target.value.trim())}
          data-testid={`${testId}-hex`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-m`}
        />
      </div>
      <Message id={`${id}-m`} error={error} />
      {children}
    </div>
  );
}

/** The contrast of two colours, and a warning below WCAG AA's 4.5:1. */
export function ContrastCheck({ fore, back, what }: { fore: string; back: string; what: string }) {
  const ratio = contrastRatio(fore, back);
  if (ratio === null) return null;
  const low = ratio < MIN_TEXT_CONTRAST;
  const shown = `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
  return (
    <p
      className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${low ? 'bg-amber-50 font-medium text-amber-900' : 'bg-stone-50 text-muted'}`}
      data-testid={low ? 'contrast-warning' : 'contrast-ok'}
      role={low ? 'status' : undefined}
    >
      {/* The pair itself: a bar of the one colour on the other (a shape, not text, so it is no contrast fault of its own). */}
      <span
        aria-hidden="true"
        className="mt-0.5 flex h-5 w-8 shrink-0 items-center justify-center rounded border border-line"
        style={{ background: back }}
      >
        <span className="h-1.5 w-5 rounded-full" style={{ background: fore }} />
      </span>
      <span>
        {what}: contrast {shown}
        {low ? ` — below ${MIN_TEXT_CONTRAST}:1, hard to read for many shoppers` : ''}
      </span>
    </p>
  );
}

/** A yes/no choice as a switch a thumb can hit. */
export function Toggle({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 scroll-mt-32 scroll-mb-32 items-center justify-between gap-4 rounded-xl border border-line px-4"
    >
      <span className="text-sm font-medium">{label}</span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="h-6 w-6 shrink-0 accent-stone-800"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
    </label>
  );
}

/** A line (or a few lines, `rows`) of text. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  rows,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  testId: string;
}) {
  const id = useId();
  const shared = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-m`,
    'data-testid': testId,
  } as const;
  return (
    <div className="flex scroll-mt-32 scroll-mb-32 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {rows ? (
        <textarea {...shared} rows={rows} className="input py-2" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...shared} className="input" onChange={(e) => onChange(e.target.value)} />
      )}
      <Message id={`${id}-m`} error={error} hint={hint} />
    </div>
  );
}

/**
 * A typeface of SHOP_FONTS in two groups: the device fonts (each option written in its own face,
 * where the device has it) and the web fonts the shop serves, with their size (the panel loads
 * none of them: the preview beside shows the chosen one). A saved family outside the list (an
 * older shop's) stays listed until another is chosen.
 */
export function FontField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  testId: string;
}) {
  const id = useId();
  const known = SHOP_FONTS.some((f) => f.family === value);
  // The panel loads no web font: a web font's name would show in the browser's default face.
  const onDevice = DEVICE_FONTS.some((f) => f.family === value);
  return (
    <div className="flex scroll-mt-32 scroll-mb-32 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        style={onDevice ? { fontFamily: value } : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-m`}
        data-testid={testId}
      >
        {!known && <option value={value}>{value} (current)</option>}
        <optgroup label="On every device">
          {DEVICE_FONTS.map((f) => (
            <option key={f.family} value={f.family} style={{ fontFamily: f.family }}>
              {f.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Web fonts, served by your shop">
          {WEB_FONTS.map((f) => (
            <option key={f.family} value={f.family}>
              {f.label} · {f.kb} KB
            </option>
          ))}
        </optgroup>
      </select>
      <Message id={`${id}-m`} error={error} />
    </div>
  );
}

/** One of a few choices as a row of buttons (a radio group: arrow keys move the choice). */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="grid auto-cols-fr grid-flow-col overflow-hidden rounded-xl border border-line">
        {options.map((o, i) => (
          <label
            key={o.value}
            className={`relative flex min-h-11 cursor-pointer items-center justify-center px-2 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-4 has-[:focus-visible]:outline-stone-800 ${
              i > 0 ? 'border-l border-line' : ''
            } ${value === o.value ? 'bg-stone-800 text-white' : 'bg-white text-ink hover:bg-stone-50'}`}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A card of the editor: a heading, an optional line under it, its fields. */
export function EditorCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-5" aria-label={title}>
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{title}</h2>
        {note && <p className="text-sm text-muted">{note}</p>}
      </div>
      {children}
    </section>
  );
}
