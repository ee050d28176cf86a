import {
  APPLICATION_FIELD_TYPES,
  APPLICATION_FILE_TYPES,
  type ApplicationFieldType,
  type ServiceDetails,
  type ServiceDetailsBody,
  type ServiceFeeKind,
} from '@shopfront/shared';

/**
 * The service editor's form (issue 27): what the owner types, as text where the API wants numbers
 * or lists (one line each), turned into the API's body by `toBody` and back by `fromDetails`.
 */
export interface FieldRow {
  key: string;
  label: string;
  type: ApplicationFieldType;
  required: boolean;
  help: string;
  /** A choice field's options, one per line. */
  options: string;
  min: string;
  max: string;
  accept: (typeof APPLICATION_FILE_TYPES)[number][];
  max_mb: string;
}
export interface StageRow {
  key: string;
  label: string;
  expected_days: string;
}
export interface ServiceForm {
  fee_kind: ServiceFeeKind;
  includes: string;
  turnaround_days: string;
  documents_needed: string;
  stages: StageRow[];
  form_fields: FieldRow[];
}

export const FIELD_TYPE_LABELS: Record<ApplicationFieldType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice',
  file: 'File upload',
};
export const FILE_TYPE_LABELS: Record<(typeof APPLICATION_FILE_TYPES)[number], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};
export const FEE_KIND_LABELS: Record<ServiceFeeKind, string> = {
  fixed: 'A fixed fee (the product’s price)',
  from: 'From the product’s price (the final fee may be higher)',
  quote: 'On quote (you send a price after reading the application)',
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const text = (n: number | null) => (n === null ? '' : String(n));

export const emptyField = (): FieldRow => ({
  key: '',
  label: '',
  type: 'text',
  required: false,
  help: '',
  options: '',
  min: '',
  max: '',
  accept: ['application/pdf', 'image/jpeg', 'image/png'],
  max_mb: '',
});
export const emptyStage = (): StageRow => ({ key: '', label: '', expected_days: '' });

/** A new service starts with two stages, which the owner renames or extends. */
export function fromDetails(d: ServiceDetails | null): ServiceForm {
  if (!d)
    return {
      fee_kind: 'fixed',
      includes: '',
      turnaround_days: '',
      documents_needed: '',
      stages: [
        { key: 'in_progress', label: 'In progress', expected_days: '2' },
        { key: 'completed', label: 'Completed', expected_days: '3' },
      ],
      form_fields: [],
    };
  return {
    fee_kind: d.fee_kind,
    includes: d.includes.join('\n'),
    turnaround_days: text(d.turnaround_days),
    documents_needed: d.documents_needed.join('\n'),
    stages: d.stages.map((s) => ({ key: s.key, label: s.label, expected_days: String(s.expected_days) })),
    form_fields: d.form_fields.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required,
      help: f.help ?? '',
      options: f.options.join('\n'),
      min: text(f.min),
      max: text(f.max),
      accept: [...f.accept],
      max_mb: text(f.max_mb),
    })),
  };
}

/** A number typed as text: null when empty, NaN (refused by the schema at its field) when not a number. */
const num = (t: string): number | null => (t.trim() === '' ? null : Number(t.trim()));

/** The body of PUT …/service; only what the field's type uses is sent. */
export function toBody(f: ServiceForm): ServiceDetailsBody {
  return {
    fee_kind: f.fee_kind,
    includes: lines(f.includes),
    turnaround_days: num(f.turnaround_days),
    documents_needed: lines(f.documents_needed),
    stages: f.stages.map((s) => ({ key: s.key.trim(), label: s.label, expected_days: num(s.expected_days) ?? 0 })),
    form_fields: f.form_fields.map((r) => ({
      key: r.key.trim(),
      label: r.label,
      type: r.type,
      required: r.required,
      help: r.help.trim() || null,
      options: r.type === 'choice' ? lines(r.options) : [],
      min: r.type === 'number' ? num(r.min) : null,
      max: r.type === 'number' || r.type === 'text' || r.type === 'textarea' ? num(r.max) : null,
      accept: r.type === 'file' ? r.accept : [],
      max_mb: r.type === 'file' ? num(r.max_mb) : null,
    })),
  };
}

/** An answer key from a label: "PAN number" → pan_number. */
export function keyOf(label: string): string {
  const key = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return key;
}

/**
 * Where an API or schema issue goes in the form: `form_fields.2.options` is a field of its own;
 * a list typed one per line (`includes.3`) answers at the whole box.
 */
export function formPath(apiPath: string): string | null {
  const [head, index, field] = apiPath.split('.');
  if (head === 'includes' || head === 'documents_needed' || head === 'fee_kind' || head === 'turnaround_days')
    return head;
  if ((head === 'stages' || head === 'form_fields') && index !== undefined && /^\d+$/.test(index))
    return field ? `${head}.${index}.${field}` : head;
  if (head === 'stages' || head === 'form_fields') return head;
  return null;
}

export const FIELD_TYPES = APPLICATION_FIELD_TYPES;
export const FILE_TYPES = APPLICATION_FILE_TYPES;

/** Number boxes holding something that is not a number, each with its message (before the schema's own checks). */
export function numberIssues(f: ServiceForm): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const check = (path: string, t: string, whole: boolean) => {
    const n = num(t);
    if (n !== null && (!Number.isFinite(n) || (whole && !Number.isInteger(n))))
      issues.push({ path, message: whole ? 'Enter a whole number of days' : 'Enter a number' });
  };
  check('turnaround_days', f.turnaround_days, true);
  f.stages.forEach((s, i) => check(`stages.${i}.expected_days`, s.expected_days, true));
  f.form_fields.forEach((r, i) => {
    if (r.type === 'number') check(`form_fields.${i}.min`, r.min, false);
    if (r.type === 'number' || r.type === 'text' || r.type === 'textarea') check(`form_fields.${i}.max`, r.max, false);
    if (r.type === 'file') check(`form_fields.${i}.max_mb`, r.max_mb, false);
  });
  return issues;
}
