import type {
  AdminImportParamsSchema,
  AdminImportProgressSchema,
  AdminImportReportSchema,
  AdminImportStartSchema,
} from '../schemas/admin-import.ts';
import { endpoint } from './endpoint.ts';

/**
 * The product import (issue 26, area `catalog`: owner and manager): upload a CSV for its dry run,
 * start the import it planned, poll its progress.
 */
export const adminImportApi = {
  /** Multipart, one CSV in the field `file`: checked, nothing written; answers the report. */
  check: endpoint<{ data: typeof AdminImportReportSchema }>('POST', '/api/admin/catalog/imports'),
  /** The body (optional) names the picture hosts the owner allows: `{ picture_hosts: [...] }`. */
  start: endpoint<{
    params: typeof AdminImportParamsSchema;
    body: typeof AdminImportStartSchema;
    data: typeof AdminImportProgressSchema;
  }>('POST', '/api/admin/catalog/imports/:id/start'),
  progress: endpoint<{ params: typeof AdminImportParamsSchema; data: typeof AdminImportProgressSchema }>(
    'GET',
    '/api/admin/catalog/imports/:id',
  ),
} as const;
