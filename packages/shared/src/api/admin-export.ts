import type {
  AdminCustomersExportQuerySchema,
  AdminOrdersExportQuerySchema,
  AdminProductsExportQuerySchema,
} from '../schemas/admin-export.ts';
import { endpoint } from './endpoint.ts';

/**
 * The owner's CSV exports (issue 26). Each answers text/csv (UTF-8 with a byte-order mark, CRLF,
 * streamed; a cell a spreadsheet would run as a formula starts with `'`), not the JSON envelope:
 * the panel links to them and the browser downloads the file. Columns: docs/csv-formats.md.
 * Orders and customers carry personal data: the `customers` area (owner, manager), and each
 * export is written to the audit log; products: the `catalog` area.
 */
export const adminExportApi = {
  orders: endpoint<{ query: typeof AdminOrdersExportQuerySchema; data: never }>('GET', '/api/admin/orders/export.csv'),
  products: endpoint<{ query: typeof AdminProductsExportQuerySchema; data: never }>(
    'GET',
    '/api/admin/catalog/products/export.csv',
  ),
  customers: endpoint<{ query: typeof AdminCustomersExportQuerySchema; data: never }>(
    'GET',
    '/api/admin/customers/export.csv',
  ),
} as const;
