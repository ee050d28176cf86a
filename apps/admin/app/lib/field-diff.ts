/**
 * What differs between the version another editor saved (`theirs`) and the one on this screen
 * (`mine`), field by field, for the conflict notice of a refused save (409). Only the fields named
 * in `fields` are compared (ids, versions and keys are not the owner's business), at any depth:
 *
 * - a label (`title: 'Title'`): a value shown as it is, an object's named fields, or a list's
 *   entries as `Label 1`, `Label 2`… (`Question 2 · Answer`);
 * - `{ label, text }`: the whole value read as one line (a schedule, a set of tags);
 * - `{ label, each }`: a list whose entries are each read as one line (a text's blocks).
 */
export type DiffField =
  string | { label: string; text: (value: unknown) => string } | { label: string; each: (item: unknown) => string };
export type DiffFields = Readonly<Record<string, DiffField>>;

export interface DiffRow {
  label: string;
  /** Shortened to one readable line; '' when empty, null when that version has no such entry (a list's extra one). */
  theirs: string | null;
  mine: string | null;
}

/** Longest text shown on one side of a row; the rest is cut at a word and marked with an ellipsis. */
export const DIFF_TEXT_MAX = 80;

export function shorten(text: string, max = DIFF_TEXT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every compared field of `value` as label → text, in the order of `fields`. */
function flatten(value: unknown, fields: DiffFields, prefix: string, out: Map<string, string>) {
  if (!isRecord(value)) return;
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in value)) continue;
    const v = value[key];
    const name = typeof field === 'string' ? field : field.label;
    const label = prefix ? `${prefix} · ${name.toLowerCase()}` : name;
    if (typeof field !== 'string' && 'text' in field) out.set(label, field.text(v));
    else if (Array.isArray(v))
      v.forEach((item, i) => {
        const at = `${label} ${i + 1}`;
        if (typeof field !== 'string') out.set(at, field.each(item));
        else if (isRecord(item)) flatten(item, fields, at, out);
        else out.set(at, scalarText(item));
      });
    else out.set(label, scalarText(v));
  }
}

export function fieldDiff(theirs: unknown, mine: unknown, fields: DiffFields): DiffRow[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(theirs, fields, '', a);
  flatten(mine, fields, '', b);
  const rows: DiffRow[] = [];
  for (const label of new Set([...a.keys(), ...b.keys()])) {
    const t = a.get(label);
    const m = b.get(label);
    if (t === m) continue;
    rows.push({
      label,
      theirs: t === undefined ? null : shorten(t),
      mine: m === undefined ? null : shorten(m),
    });
  }
  return rows;
}
