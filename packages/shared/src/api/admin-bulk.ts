import type {
  AdminBulkPageSchema,
  AdminBulkQuerySchema,
  AdminBulkSavedSchema,
  AdminBulkSaveSchema,
} from '../schemas/admin-bulk.ts';
import { endpoint } from './endpoint.ts';

/**
 * The bulk editor (issue 26, area `catalog`: owner and manager). The save is one transaction and
 * one audit entry (`catalog.bulk`); its answer's `undo` takes the whole batch back.
 */
export const adminBulkApi = {
  page: endpoint<{ query: typeof AdminBulkQuerySchema; data: typeof AdminBulkPageSchema }>(
    'GET',
    '/api/admin/catalog/bulk',
  ),
  save: endpoint<{ body: typeof AdminBulkSaveSchema; data: typeof AdminBulkSavedSchema }>(
    'POST',
    '/api/admin/catalog/bulk',
  ),
} as const;
