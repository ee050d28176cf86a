import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';

/**
 * CSV files the panel downloads, read back in the browser tests (plain helpers, no test runner's
 * imports: the API's export.test.ts uses parseCsv too).
 */

/** RFC 4180, by the parser the product import uses (csv-parse). */
export function parseCsv(text: string): string[][] {
  return parse(text) as string[][];
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
