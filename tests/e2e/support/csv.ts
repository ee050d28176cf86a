import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** CSV files the panel downloads, read back in the browser tests (no vitest here: plain helpers). */

/** RFC 4180: quoted fields with "" for a quote, CRLF between records. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

export interface DownloadedCsv {
  /** The file name the browser was offered. */
  name: string;
  /** Whether the file starts with a UTF-8 byte-order mark (for Excel). */
  bom: boolean;
  /** Its records, keyed by the header row. */
  records: Record<string, string>[];
}

/** The CSV file a click downloads. */
export async function downloadCsv(page: Page, click: () => Promise<void>): Promise<DownloadedCsv> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = readFileSync((await file.path())!, 'utf8');
  const bom = text.charCodeAt(0) === 0xfeff;
  const [header, ...body] = parseCsv(bom ? text.slice(1) : text);
  const records = body.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i] ?? ''])));
  return { name: file.suggestedFilename(), bom, records };
}
