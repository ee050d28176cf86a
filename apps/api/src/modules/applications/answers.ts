import {
  APPLICATION_FILE_MAX_MB,
  APPLICATION_FILE_TYPES,
  applicationTexts,
  isPlainText,
  messages,
  type ApplicationField,
} from '@shopfront/shared';
import type { StoredAnswer } from '../../db/application-schema.ts';
import { HttpError } from '../../lib/http.ts';
import { sniffFileType, type ApplicationFileType, type MultipartBody, type Upload } from './files.ts';

export interface CheckedFile {
  key: string;
  upload: Upload;
  type: ApplicationFileType;
}

/** Longest text answer when the field sets none. */
const TEXT_MAX = { text: 500, textarea: 5000 } as const;
const MiB = 1_048_576;
const TYPE_NAMES: Record<ApplicationFileType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** The message for one field's answer, or null when it is good. */
function checkValue(f: ApplicationField, raw: string): string | null {
  switch (f.type) {
    case 'text':
    case 'textarea': {
      const max = f.max ?? TEXT_MAX[f.type];
      if (!isPlainText(raw, { multiline: f.type === 'textarea' })) return messages.invalidCharacters;
      return raw.length > max ? messages.maxLength(max) : null;
    }
    case 'number': {
      const n = Number(raw);
      if (!/^-?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(n)) return applicationTexts.number;
      if (f.min !== null && n < f.min) return applicationTexts.numberMin(f.min);
      if (f.max !== null && n > f.max) return applicationTexts.numberMax(f.max);
      return null;
    }
    case 'date':
      return isIsoDate(raw) ? null : applicationTexts.date;
    case 'choice':
      return f.options.includes(raw) ? null : applicationTexts.choice;
    default:
      return null;
  }
}

function checkFile(f: ApplicationField, upload: Upload): { type: ApplicationFileType } | { error: string } {
  const accept: readonly ApplicationFileType[] = f.accept.length ? f.accept : APPLICATION_FILE_TYPES;
  const type = sniffFileType(upload.bytes);
  if (!type || !accept.includes(type))
    return { error: applicationTexts.fileType(accept.map((t) => TYPE_NAMES[t]).join(', ')) };
  const maxMb = Math.min(f.max_mb ?? APPLICATION_FILE_MAX_MB, APPLICATION_FILE_MAX_MB);
  if (upload.bytes.length > maxMb * MiB) return { error: applicationTexts.tooLarge(maxMb) };
  return { type };
}

/** The part sent under `key`: never a property every object has (a field keyed `constructor`). */
const own = <T>(parts: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(parts, key) ? parts[key] : undefined;

/**
 * Checks a submitted form against the service's own fields: every required field answered, each
 * answer of its field's type (a number within min/max, an ISO date, one of the choices, text
 * within its length, a file of an accepted type told from its bytes and within its size). All
 * problems at once, as a 422 with the field's message under its key. Parts the form does not
 * define are ignored.
 */
export function checkAnswers(
  fields: readonly ApplicationField[],
  body: MultipartBody,
): { answers: StoredAnswer[]; files: CheckedFile[] } {
  const errors: Record<string, string[]> = {};
  const answers: StoredAnswer[] = [];
  const files: CheckedFile[] = [];
  for (const f of fields) {
    const base = { key: f.key, label: f.label, type: f.type, value: null, document_id: null };
    if (f.type === 'file') {
      const upload = own(body.files, f.key);
      if (!upload || upload.bytes.length === 0) {
        if (f.required) errors[f.key] = [messages.required];
        else answers.push(base);
        continue;
      }
      const checked = checkFile(f, upload);
      if ('error' in checked) errors[f.key] = [checked.error];
      else {
        files.push({ key: f.key, upload, type: checked.type });
        answers.push({ ...base, value: upload.filename });
      }
      continue;
    }
    const raw = (own(body.fields, f.key) ?? '').trim();
    if (raw === '') {
      if (f.required) errors[f.key] = [messages.required];
      else answers.push(base);
      continue;
    }
    const error = checkValue(f, raw);
    if (error) errors[f.key] = [error];
    else answers.push({ ...base, value: raw });
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, messages.invalidData, errors);
  return { answers, files };
}

/** One uploaded document (the document route): the same type and size checks as a file field without limits of its own. */
export function checkDocument(key: string, upload: Upload | undefined): CheckedFile {
  if (!upload || upload.bytes.length === 0) throw new HttpError(422, messages.required, { [key]: [messages.required] });
  const field: ApplicationField = {
    key,
    label: key,
    type: 'file',
    required: true,
    help: null,
    options: [],
    max: null,
    min: null,
    accept: [],
    max_mb: null,
  };
  const checked = checkFile(field, upload);
  if ('error' in checked) throw new HttpError(422, checked.error, { [key]: [checked.error] });
  return { key, upload, type: checked.type };
}
