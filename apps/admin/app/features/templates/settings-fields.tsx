import { useId } from 'react';
import type { ContentBlock } from '@shopfront/shared';
import { Button } from '../../components/ui/button';

/**
 * The section settings' own fields (the text, switch and choice fields are the Theme screen's):
 * controlled, each change goes to the preview at once, the message under the field.
 */
export function FieldMessage({ id, error, warning }: { id: string; error?: string; warning?: string }) {
  if (error)
    return (
      <p id={id} className="text-sm font-medium text-red-700" data-testid="field-error">
        {error}
      </p>
    );
  return warning ? (
    <p
      id={id}
      className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="field-warning"
    >
      {warning}
    </p>
  ) : null;
}

/** A whole number; an emptied field is undefined (the schema's default then applies). */
export function NumberInput({
  label,
  value,
  onChange,
  error,
  min,
  max,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  error?: string;
  min: number;
  max: number;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className="input w-32"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-m`}
        data-testid={testId}
      />
      <FieldMessage id={`${id}-m`} error={error} />
    </div>
  );
}

/** One of a list (a native select: the best picker on a phone). */
export function SelectInput({
  label,
  value,
  options,
  onChange,
  error,
  warning,
  testId,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (v: string) => void;
  error?: string;
  warning?: string;
  testId: string;
}) {
  const id = useId();
  const known = options.some((o) => o.value === value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-m`}
        data-testid={testId}
      >
        {!known && <option value={value}>{value ? `${value} (missing)` : 'Choose…'}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-m`} error={error} warning={warning} />
    </div>
  );
}

/** Some of a list, in the order they were ticked (categories or collections of a grid). */
export function SlugChecklist({
  legend,
  hint,
  value,
  options,
  onChange,
  warnings,
  testId,
}: {
  legend: string;
  hint: string;
  value: string[];
  options: readonly { slug: string; name: string }[];
  onChange: (v: string[]) => void;
  /** By index into `value`. */
  warnings: Record<number, string>;
  testId: string;
}) {
  const missing = value.filter((v) => !options.some((o) => o.slug === v));
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p className="text-sm text-muted">{hint}</p>
      <div className="flex max-h-64 flex-col overflow-y-auto rounded-xl border border-line">
        {[...options, ...missing.map((slug) => ({ slug, name: `${slug} (missing)` }))].map((o) => {
          const at = value.indexOf(o.slug);
          return (
            <label key={o.slug} className="flex min-h-11 items-center gap-3 border-b border-line px-3 last:border-b-0">
              <input
                type="checkbox"
                className="size-5 accent-stone-800"
                checked={at >= 0}
                onChange={(e) => onChange(e.target.checked ? [...value, o.slug] : value.filter((v) => v !== o.slug))}
              />
              <span className="flex-1 text-sm">{o.name}</span>
              {at >= 0 && <span className="text-xs text-muted">#{at + 1}</span>}
            </label>
          );
        })}
      </div>
      {Object.entries(warnings).map(([i, w]) => (
        <FieldMessage key={i} id={`${testId}-${i}`} warning={w} />
      ))}
    </fieldset>
  );
}

/**
 * A rich text section's blocks as a simple list: headings and paragraphs to write, move and
 * remove. Blocks of other kinds (a picture, a quote, a list, written elsewhere) are kept as they are.
 */
export function BlocksEditor({
  blocks,
  onChange,
  errors,
}: {
  blocks: ContentBlock[];
  onChange: (blocks: ContentBlock[]) => void;
  /** By `blocks.N.text`. */
  errors: Record<string, string>;
}) {
  const set = (i: number, b: ContentBlock) => onChange(blocks.map((x, j) => (j === i ? b : x)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...blocks];
    const [b] = next.splice(i, 1);
    if (b) next.splice(i + by, 0, b);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-3" data-testid="blocks">
      <legend className="mb-1 text-sm font-medium">Text</legend>
      {blocks.map((b, i) => (
        <div key={i} className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid={`block-${i}`}>
          <div className="flex flex-wrap items-center gap-2">
            {b.type === 'heading' || b.type === 'paragraph' ? (
              <select
                aria-label={`Block ${i + 1}: kind`}
                className="input w-auto"
                value={b.type}
                onChange={(e) =>
                  set(
                    i,
                    e.target.value === 'heading'
                      ? { type: 'heading', text: b.text, level: 2 }
                      : { type: 'paragraph', text: b.text },
                  )
                }
                data-testid={`block-${i}-kind`}
              >
                <option value="heading">Heading</option>
                <option value="paragraph">Paragraph</option>
              </select>
            ) : (
              <span className="text-sm text-muted">A {b.type} block (kept as it is)</span>
            )}
            <span className="flex-1" />
            <Button
              variant="quiet"
              isDisabled={i === 0}
              onPress={() => move(i, -1)}
              aria-label={`Move block ${i + 1} up`}
            >
              ↑
            </Button>
            <Button
              variant="quiet"
              isDisabled={i === blocks.length - 1}
              onPress={() => move(i, 1)}
              aria-label={`Move block ${i + 1} down`}
            >
              ↓
            </Button>
            <Button
              variant="quiet"
              onPress={() => onChange(blocks.filter((_, j) => j !== i))}
              aria-label={`Remove block ${i + 1}`}
            >
              Remove
            </Button>
          </div>
          {(b.type === 'heading' || b.type === 'paragraph') && (
            <>
              <textarea
                aria-label={`Block ${i + 1}: ${b.type === 'heading' ? 'heading' : 'paragraph'} text`}
                rows={b.type === 'heading' ? 1 : 4}
                className="input py-2"
                value={b.text}
                onChange={(e) => set(i, { ...b, text: e.target.value })}
                data-testid={`block-${i}-text`}
              />
              <FieldMessage id={`block-${i}-m`} error={errors[`blocks.${i}.text`]} />
            </>
          )}
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          onPress={() => onChange([...blocks, { type: 'heading', text: '', level: 2 }])}
          data-testid="add-heading"
        >
          Add heading
        </Button>
        <Button onPress={() => onChange([...blocks, { type: 'paragraph', text: '' }])} data-testid="add-paragraph">
          Add paragraph
        </Button>
      </div>
    </fieldset>
  );
}
