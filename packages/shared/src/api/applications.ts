import type {
  AdminApplicationDocumentParamsSchema,
  AdminApplicationListSchema,
  AdminApplicationMoveBodySchema,
  AdminApplicationParamsSchema,
  AdminApplicationSchema,
  AdminApplicationServicesSchema,
  AdminApplicationsQuerySchema,
  AdminDocumentRequestBodySchema,
  ApplicationDocumentParamsSchema,
  ApplicationMessageBodySchema,
  ApplicationPaymentSchema,
  ApplicationRefParamsSchema,
  ApplicationSchema,
  CancelApplicationBodySchema,
  FeeCouponBodySchema,
  FeeCouponPreviewSchema,
  MyApplicationsSchema,
  PayApplicationBodySchema,
  TrackApplicationBodySchema,
} from '../schemas/applications.ts';
import type { CouponOffersSchema } from '../schemas/cart.ts';
import type { AdminFeeRefundBodySchema, AdminOrderNoteBodySchema } from '../schemas/admin-orders.ts';
import { endpoint } from './endpoint.ts';

type Detail = typeof ApplicationSchema;
type AdminDetail = typeof AdminApplicationSchema;

/**
 * The applicant's side of services mode (issue 27). `:ref` is the application's id or number
 * (for the signed-in customer it belongs to) or the token of its tracking link; anyone else is 404.
 */
export const applicationsApi = {
  /**
   * Apply for a service: multipart/form-data with `service` (the product's slug or id), `name`,
   * `email` and/or `phone`, then one part per form field named by its key (a file part for file fields).
   */
  create: endpoint<{ data: Detail }>('POST', '/api/applications'),
  /** The signed-in customer's applications, newest first (401 for a guest). */
  mine: endpoint<{ data: typeof MyApplicationsSchema }>('GET', '/api/applications'),
  get: endpoint<{ params: typeof ApplicationRefParamsSchema; data: Detail }>('GET', '/api/applications/:ref'),
  /** A guest finds an application by its number and the phone or e-mail it was made with. */
  find: endpoint<{ body: typeof TrackApplicationBodySchema; data: Detail }>('POST', '/api/track-application'),
  message: endpoint<{
    params: typeof ApplicationRefParamsSchema;
    body: typeof ApplicationMessageBodySchema;
    data: Detail;
  }>('POST', '/api/applications/:ref/messages'),
  /** Multipart: one file in the field `file`, and `request_id` when it answers a document request. */
  upload: endpoint<{ params: typeof ApplicationRefParamsSchema; data: Detail }>(
    'POST',
    '/api/applications/:ref/documents',
  ),
  /**
   * Pay the fee of an application awaiting it (ADR 37): its one fee order is made (or found), then
   * paid with `method` on the order rails. `next` says where the applicant goes.
   */
  pay: endpoint<{
    params: typeof ApplicationRefParamsSchema;
    body: typeof PayApplicationBodySchema;
    data: typeof ApplicationPaymentSchema;
  }>('POST', '/api/applications/:ref/pay'),
  /**
   * End the application (its `cancel.action`): cancel it before work starts (a paid fee refunded),
   * or ask the business to, with a reason, once work has started.
   */
  cancel: endpoint<{
    params: typeof ApplicationRefParamsSchema;
    body: typeof CancelApplicationBodySchema;
    data: Detail;
  }>('POST', '/api/applications/:ref/cancel'),
  /** The coupons the applicant may see for the fee, each saying whether it applies to it (the cart's offers). */
  coupons: endpoint<{ params: typeof ApplicationRefParamsSchema; data: typeof CouponOffersSchema }>(
    'GET',
    '/api/applications/:ref/coupons',
  ),
  /** What a coupon would take off the fee, judged as Pay judges it, counting nothing (422 at coupon: why not). */
  previewCoupon: endpoint<{
    params: typeof ApplicationRefParamsSchema;
    body: typeof FeeCouponBodySchema;
    data: typeof FeeCouponPreviewSchema;
  }>('POST', '/api/applications/:ref/coupons/preview'),
  /** The file itself (not JSON). */
  download: endpoint<{ params: typeof ApplicationDocumentParamsSchema; data: never }>(
    'GET',
    '/api/applications/:ref/documents/:document_id',
  ),
} as const;

/** The owner's applications inbox (area `orders`: owner, manager, packer). */
export const adminApplicationsApi = {
  list: endpoint<{ query: typeof AdminApplicationsQuerySchema; data: typeof AdminApplicationListSchema }>(
    'GET',
    '/api/admin/applications',
  ),
  /** The services to filter by, each with its stages (the inbox's filters). */
  services: endpoint<{ data: typeof AdminApplicationServicesSchema }>('GET', '/api/admin/applications/services'),
  get: endpoint<{ params: typeof AdminApplicationParamsSchema; data: AdminDetail }>(
    'GET',
    '/api/admin/applications/:id',
  ),
  move: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof AdminApplicationMoveBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/stage'),
  message: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof ApplicationMessageBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/messages'),
  requestDocument: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof AdminDocumentRequestBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/document-requests'),
  /**
   * Send the applicant a document (multipart, one file in the field "file"; PDF, JPEG, PNG or
   * WebP): listed "from our team" and the applicant told once. Also after the application ended.
   */
  sendDocument: endpoint<{ params: typeof AdminApplicationParamsSchema; data: AdminDetail }>(
    'POST',
    '/api/admin/applications/:id/documents',
  ),
  /** Refund a paid fee through its fee order's refund (ADR 37): all of it, or amount_minor. */
  refundFee: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof AdminFeeRefundBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/fee/refund'),
  /**
   * Decline the applicant's request to cancel (the note goes to them on the thread). To accept it,
   * cancel the application: Refund fee with cancel_application, or a move to cancelled.
   */
  declineCancel: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof AdminOrderNoteBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/cancel-request/decline'),
  /** An offline method's fee received: its fee order's mark-paid. */
  markFeePaid: endpoint<{
    params: typeof AdminApplicationParamsSchema;
    body: typeof AdminOrderNoteBodySchema;
    data: AdminDetail;
  }>('POST', '/api/admin/applications/:id/fee/mark-paid'),
  /** The file itself (not JSON). */
  download: endpoint<{ params: typeof AdminApplicationDocumentParamsSchema; data: never }>(
    'GET',
    '/api/admin/applications/:id/documents/:document_id',
  ),
} as const;
