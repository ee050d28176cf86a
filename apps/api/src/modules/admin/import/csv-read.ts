import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, adminImportMessages as msg } from '@shopfront/shared';
import { HttpError, fieldError } from '../../../lib/http.ts';

/** A CSV as read: its header cells and its data rows (row n of `rows` is the spreadsheet's row n + 2). */
export interface CsvTable {
  headers: string[];
  rows: string[][];
  delimiter: string;
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The first line's most frequent delimiter outside quotes (`,` on a tie or none). */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** UTF-8 text of the bytes, or a 422 naming the first line with a byte that is not. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const at = lenient.indexOf('\uFFFD');
    const line = lenient.slice(0, Math.max(0, at)).split('\n').length;
    throw fieldError('file', msg.encoding(line));
  }
}

/**
 * A spreadsheet's guard against formulas (docs/csv-formats.md): a cell written as `'=…`, `'+…`,
 * `'-…`, `'@…` (or before a tab or carriage return) is read without that one quote.
 */
const FORMULA_GUARDED = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const unguard = (cell: string) => (FORMULA_GUARDED.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an uploaded CSV: UTF-8 (a byte-order mark dropped; other bytes a clear error), `,` `;` or
 * tab as the header line shows, RFC 4180 quotes (a quoted cell may hold line breaks), rows of any
 * column count. At most IMPORT_LIMITS.maxRows data rows, each at most IMPORT_LIMITS.maxRowBytes
 * characters. Every failure is a 422 with the line it is on.
 */
export function readCsv(bytes: Buffer): CsvTable {
  const text = decodeUtf8(bytes).replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      // A row past this is no product (a quote left open swallows the file): refused, not parsed on.
      max_record_size: IMPORT_LIMITS.maxRowBytes,
    }) as string[][];
  } catch (err) {
    const e = err as { code?: string; lines?: number; message?: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw fieldError('file', msg.rowTooLarge(e.lines ?? 1));
    const why = (e.message ?? 'unreadable').replace(/^Invalid [^:]*: /, '').replace(/:.*$/s, '');
    throw fieldError('file', msg.malformed(e.lines ?? 1, why));
  }
  if (records.length > IMPORT_LIMITS.maxRows + 1)
    throw new HttpError(422, msg.tooManyRows, { file: [msg.tooManyRows] });
  const [head, ...rows] = records;
  if (!head || rows.length === 0) throw fieldError('file', msg.empty);
  return { headers: head.map((h) => h.trim()), rows: rows.map((r) => r.map(unguard)), delimiter };
}
