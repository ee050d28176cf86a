import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { minorUnitDigits } from '@shopfront/shared';

/** One column of an export: the record's key and the header row's name. */
export interface CsvColumn {
  key: string;
  header: string;
}

/** Rows read per database query while an export streams (keyset batches: memory stays bounded). */
export const EXPORT_BATCH = 500;

/**
 * The owner's exports as CSV (csv-stringify): a UTF-8 byte-order mark first (Excel then reads ₹
 * and names in any script), a header row, RFC 4180 quoting, CRLF; a cell that starts with = + - @
 * (or a tab, a CR, their full-width forms) gets a leading `'` so no spreadsheet runs it as a
 * formula, and every cell with a line break is quoted. Records are pulled from `records` as the
 * client reads: a slow download holds back the next database batch (backpressure).
 */
export function csvStream(columns: readonly CsvColumn[], records: AsyncIterable<Record<string, unknown>>): Readable {
  const csv = stringify({
    header: true,
    bom: true,
    columns: [...columns],
    record_delimiter: 'windows',
    escape_formulas: true,
    quoted_match: /[\r\n]/,
  });
  // A failed read destroys the answer's stream: the client sees a cut-off download, never a partial file that looks whole.
  return pipeline(Readable.from(records), csv, () => {});
}

/** Sends an export: text/csv as an attachment named `filename`, never cached. */
export function sendCsv(reply: FastifyReply, filename: string, body: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** Integer minor units as a plain decimal number in major units: 123450 INR → "1234.50" (no symbol, no grouping). */
export function decimal(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const d = minorUnitDigits(currency);
  const digits = String(Math.abs(minor)).padStart(d + 1, '0');
  const whole = d ? `${digits.slice(0, -d)}.${digits.slice(-d)}` : digits;
  return minor < 0 ? `-${whole}` : whole;
}

/** Today's date for a file name, YYYY-MM-DD in `timeZone`. */
export const fileDay = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
