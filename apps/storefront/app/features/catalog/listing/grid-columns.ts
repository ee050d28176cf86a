import { readCookie } from '../../../lib/cookies';

/** Spec section 3/9: a persisted cookie holds the chosen grid column size, default 4. */
export const GRID_COOKIE = 'grid_columns';
export const GRID_CHOICES = [2, 3, 4] as const;
export type GridColumns = (typeof GRID_CHOICES)[number];
export const DEFAULT_GRID_COLUMNS: GridColumns = 4;
export const GRID_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function parseGridColumns(value: string | null | undefined): GridColumns {
  const n = Number(value);
  return (GRID_CHOICES as readonly number[]).includes(n) ? (n as GridColumns) : DEFAULT_GRID_COLUMNS;
}

/** The shopper's choice from the request's Cookie header, so the server renders the right grid. */
export function gridColumnsFromRequest(request: Request): GridColumns {
  return parseGridColumns(readCookie(request.headers.get('cookie'), GRID_COOKIE));
}
