import type {
  AdminAddNoteBodySchema,
  AdminBulkPackBodySchema,
  AdminBulkResultSchema,
  AdminBulkShipBodySchema,
  AdminCancelBodySchema,
  AdminDeliverBodySchema,
  AdminOrderBadgeSchema,
  AdminOrderDetailSchema,
  AdminOrderDocumentsQuerySchema,
  AdminOrderListSchema,
  AdminOrderNoteBodySchema,
  AdminOrderNotificationsBodySchema,
  AdminOrderNotificationsSchema,
  AdminOrderParamsSchema,
  AdminOrdersQuerySchema,
  AdminRefundApproveBodySchema,
  AdminRefundParamsSchema,
  AdminRefundRejectBodySchema,
  AdminScanBodySchema,
  AdminShipBodySchema,
  AdminShipmentParamsSchema,
} from '../schemas/admin-orders.ts';
import { endpoint } from './endpoint.ts';

type Detail = typeof AdminOrderDetailSchema;
type OrderAction<B> = { params: typeof AdminOrderParamsSchema; body: B; data: Detail };
type RefundAction<B> = { params: typeof AdminRefundParamsSchema; body: B; data: Detail };

/**
 * The owner's orders (issue 25, area `orders`: owner, manager, packer). Every write answers the
 * order page after it; send `If-Match: <version>` (from the order page) to be refused with 409
 * when someone changed the order since. A move the order's state does not allow is a 409 saying why.
 */
export const adminOrdersApi = {
  list: endpoint<{ query: typeof AdminOrdersQuerySchema; data: typeof AdminOrderListSchema }>(
    'GET',
    '/api/admin/orders',
  ),
  badge: endpoint<{ data: typeof AdminOrderBadgeSchema }>('GET', '/api/admin/orders/badge'),
  /** A PDF (not JSON): invoices or packing slips of the orders named. */
  documents: endpoint<{ query: typeof AdminOrderDocumentsQuerySchema; data: never }>(
    'GET',
    '/api/admin/orders/documents',
  ),
  notifications: endpoint<{ data: typeof AdminOrderNotificationsSchema }>('GET', '/api/admin/orders/notifications'),
  setNotifications: endpoint<{
    body: typeof AdminOrderNotificationsBodySchema;
    data: typeof AdminOrderNotificationsSchema;
  }>('PUT', '/api/admin/orders/notifications'),
  bulkPack: endpoint<{ body: typeof AdminBulkPackBodySchema; data: typeof AdminBulkResultSchema }>(
    'POST',
    '/api/admin/orders/bulk/pack',
  ),
  bulkShip: endpoint<{ body: typeof AdminBulkShipBodySchema; data: typeof AdminBulkResultSchema }>(
    'POST',
    '/api/admin/orders/bulk/ship',
  ),

  get: endpoint<{ params: typeof AdminOrderParamsSchema; data: Detail }>('GET', '/api/admin/orders/:id'),
  confirm: endpoint<OrderAction<typeof AdminOrderNoteBodySchema>>('POST', '/api/admin/orders/:id/confirm'),
  pack: endpoint<OrderAction<typeof AdminOrderNoteBodySchema>>('POST', '/api/admin/orders/:id/pack'),
  ship: endpoint<OrderAction<typeof AdminShipBodySchema>>('POST', '/api/admin/orders/:id/ship'),
  addScan: endpoint<{ params: typeof AdminShipmentParamsSchema; body: typeof AdminScanBodySchema; data: Detail }>(
    'POST',
    '/api/admin/orders/:id/shipments/:shipment_id/scans',
  ),
  deliver: endpoint<OrderAction<typeof AdminDeliverBodySchema>>('POST', '/api/admin/orders/:id/deliver'),
  markPaid: endpoint<OrderAction<typeof AdminOrderNoteBodySchema>>('POST', '/api/admin/orders/:id/mark-paid'),
  cancel: endpoint<OrderAction<typeof AdminCancelBodySchema>>('POST', '/api/admin/orders/:id/cancel'),
  approveRefund: endpoint<RefundAction<typeof AdminRefundApproveBodySchema>>(
    'POST',
    '/api/admin/orders/:id/refunds/:request_id/approve',
  ),
  rejectRefund: endpoint<RefundAction<typeof AdminRefundRejectBodySchema>>(
    'POST',
    '/api/admin/orders/:id/refunds/:request_id/reject',
  ),
  addNote: endpoint<OrderAction<typeof AdminAddNoteBodySchema>>('POST', '/api/admin/orders/:id/notes'),
} as const;
