import type { ApplicationField } from '@shopfront/shared';

const FILE_TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** The types a file field takes: "PDF, JPEG or PNG". */
export function fileTypesText(accept: readonly string[]): string {
  const names = accept.map((t) => FILE_TYPE_NAMES[t] ?? t);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'any');
}

/** A file field's hint: "PDF or JPEG, up to 5 MB". */
export function fileHint(field: Pick<ApplicationField, 'accept' | 'max_mb'>, maxMb: number): string {
  return `${fileTypesText(field.accept)}, up to ${field.max_mb ?? maxMb} MB`;
}

/** The hint under a form field: its own help, then what it takes (file types and size, a number's range). */
export function fieldHint(field: ApplicationField, maxMb: number): string | null {
  const parts = [field.help?.trim() || null];
  if (field.type === 'file') parts.push(fileHint(field, maxMb));
  if (field.type === 'number' && field.min !== null && field.max !== null)
    parts.push(`From ${field.min} to ${field.max}`);
  else if (field.type === 'number' && field.min !== null) parts.push(`At least ${field.min}`);
  else if (field.type === 'number' && field.max !== null) parts.push(`At most ${field.max}`);
  const shown = parts.filter((p): p is string => !!p);
  return shown.length ? shown.join('. ') : null;
}

/** Bytes as "240 KB" or "1.2 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * Why a chosen file will not do (too large, or a type the field does not take), said as the API
 * would; null to send it. An empty type (some browsers leave it out) is left to the API.
 */
export function precheckFile(
  field: Pick<ApplicationField, 'accept' | 'max_mb'>,
  file: { type: string; size: number },
  maxMb: number,
): string | null {
  const limit = field.max_mb ?? maxMb;
  if (file.type && field.accept.length > 0 && !(field.accept as string[]).includes(file.type))
    return `Please upload a ${fileTypesText(field.accept)} file`;
  if (file.size > limit * 1_048_576) return `The file is too large (at most ${limit} MB)`;
  return null;
}

/** How an application's stage is coloured: ended (rejected, cancelled), waiting on the applicant, done, or on its way. */
export function stageTone(stage: string, done = false): 'ended' | 'waiting' | 'done' | 'moving' {
  if (stage === 'rejected' || stage === 'cancelled') return 'ended';
  if (stage === 'quote_requested' || stage === 'awaiting_payment') return 'waiting';
  return done ? 'done' : 'moving';
}
