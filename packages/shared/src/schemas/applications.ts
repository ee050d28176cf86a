import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { emailField } from './auth.ts';
import { identifierText } from './identifier.ts';
import { plainText } from './text.ts';
import { APPLICATION_FIELD_TYPES } from './services.ts';
import { CancelReasonSchema, PaymentMethodCodeSchema, PaymentNextSchema } from './order.ts';
import { CouponCodeSchema } from './cart.ts';

/**
 * Applications (issue 27): what a customer sends for a service and follows through its stages.
 * An application is reached by its applicant (signed in, or through its tracking link) and by
 * staff with the orders area; anyone else is 404.
 */
export const applicationTexts = {
  created: 'Your application has been sent',
  quoteRequested: 'Your quote request has been sent. We will reply with the fee',
  notFound: 'We could not find that application',
  documentMissing: 'This document is no longer stored. Ask for it again in Messages',
  notService: 'This is not a service you can apply for',
  notTakingApplications: 'This shop is not taking applications at the moment',
  notMultipart: 'Send the application as multipart/form-data',
  unreadable: 'The upload could not be read. Please try again',
  tooLarge: (mb: number) => `The file is too large (at most ${mb} MB)`,
  fileType: (types: string) => `Please upload a ${types} file`,
  oneFile: 'Please upload one file for this field',
  answerTooLong: 'This answer is too long. Please shorten it and send the form again',
  number: 'Please enter a number',
  numberMin: (min: number) => `Please enter a number of at least ${min}`,
  numberMax: (max: number) => `Please enter a number of at most ${max}`,
  date: 'Please enter a date (YYYY-MM-DD)',
  choice: 'Please choose one of the options',
  contactNeeded: 'Please give a phone number or an e-mail address so we can reach you',
  messageSent: 'Your message has been sent',
  documentUploaded: 'Your document has been uploaded',
  requestGone: 'This document request has already been answered',
  documentsClosed: 'This application has ended, so documents can no longer be added. Write to us in Messages',
  documentLimit: (max: number) =>
    `You have sent the ${max} documents one application takes. Write to us in Messages if we need more`,
  documentRequestClosed: 'This application has ended: its applicant can no longer upload documents to it',
  moved: (label: string) => `The application is now at ${label}`,
  staleStage: 'The application has moved on since you opened it. Please reload it and try again',
  stageNotAllowed: 'The application cannot move to that stage from where it is',
  reasonRequired: 'Please give the reason for the rejection',
  feeRequired: 'Please give the fee you quote',
  feeAtLeastOnePaisa: 'Enter a fee of at least ₹0.01, or move the application to Submitted to take it on without a fee',
  requestSent: 'The document request has been sent to the applicant',
  documentSent: 'The document has been sent to the applicant',
  /** Paying the fee (ADR 37). */
  notAwaitingFee: 'This application is not waiting for its fee',
  feeOrderClosed: 'The payment of this fee was closed. Please write to us on the application',
  feeDue: 'Your application is submitted. Please pay the fee as agreed',
  feeDueBy: (method: string) => `Your application is submitted. Please pay the fee: ${method}`,
  feePaid: (applicationNo: string) => `Fee paid: application ${applicationNo} is submitted`,
  feeOrderNote: (applicationNo: string) => `Fee of application ${applicationNo}`,
  /** A coupon on the fee (ADR 37, fourth slice); the cart's coupon messages say the rest. */
  couponNotForService: 'This coupon does not apply to this service',
  couponFeeMinimum: (minimum: string) => `This coupon is for fees of ${minimum} or more`,
  couponTooLate: (code: string | null) =>
    code
      ? `This fee's payment was started with the coupon ${code}; another coupon cannot be used on it`
      : "This fee's payment was started without a coupon; a coupon cannot be added to it now",
  feeCoveredBy: (code: string) => `Fee covered by the coupon ${code}`,
  /** The owner's side of the fee. */
  noFeeOrder: 'This application has no fee payment to act on',
  feeNotRefundable: 'Only a fee that was paid and not yet refunded can be refunded',
  feeRefunded: 'Fee refunded',
  feeMarkedPaid: 'Fee marked paid',
  feeRefundedCancelled: 'Fee refunded and application cancelled',
  cannotCancel: 'This application has ended and cannot be cancelled. Refund the fee alone',
  cancelledWithRefund: 'Cancelled with the refund of its fee',
  /** The order history's note on an unpaid fee order closed because its application was cancelled. */
  feeClosedWithApplication: 'The application was cancelled before its fee was paid',
  /** The applicant's own cancel (before work starts) and request to cancel (after). */
  cancelled: 'Your application has been cancelled',
  cancelledRefunding: 'Your application has been cancelled. Your fee will be refunded',
  cancelledByApplicant: 'Cancelled by the applicant',
  /** The history's note and the applicant's message when the retention sweep ends a waiting application. */
  cancelledUnpaid: (days: number) =>
    `Cancelled because its fee was not paid within ${days} days. You are welcome to apply again`,
  cancelledUnquoted: (days: number) =>
    `Cancelled because it waited ${days} days for our quote. Please apply again if you still need this service`,
  cancelOff: 'We do not take cancellations of applications online. Please write to us',
  cancelEnded: 'This application has ended and cannot be cancelled',
  cancelSettleWithUs: 'Please write to us to cancel: we arrange the refund of your fee with you',
  cancelAskOff: 'Work on this application has started and it can no longer be cancelled',
  cancelReasonRequired: 'Please tell us why you want to cancel',
  cancelSignIn: 'Please sign in to the account this application belongs to, to cancel it',
  cancelRequested: 'Your request to cancel has been sent. We will reply in Messages',
  cancelAlreadyRequested: 'You have already asked to cancel this application',
  cancelRequestMessage: (reason: string) => `I would like to cancel this application. ${reason}`,
  /** The owner's answer to a request to cancel. */
  noCancelRequest: 'The applicant has not asked to cancel this application',
  cancelRequestDeclined: 'The request to cancel was declined',
  cancelDeclinedMessage: (note: string | null) =>
    `We cannot cancel this application now that work on it has started.${note ? ` ${note}` : ''}`,
} as const;

/** The stages every application has besides its service's own, and their labels. */
export const APPLICATION_FIXED_STAGE_LABELS: Record<string, string> = {
  quote_requested: 'Quote requested',
  awaiting_payment: 'Awaiting payment',
  submitted: 'Submitted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

const text = (max: number, multiline = false) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );

/** One answer as shown back: text of a text, number, date or choice field, or the document of a file field. */
export const ApplicationAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(APPLICATION_FIELD_TYPES),
  value: z.string().nullable(),
  document_id: z.number().int().nullable(),
});

export const ApplicationStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  completed: z.boolean(),
  active: z.boolean(),
  /** When it was reached. */
  at: z.string().nullable(),
  /** When it is expected (the next stage only). */
  expected_at: z.string().nullable(),
});

export const ApplicationEventSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  to_label: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});

export const ApplicationThreadMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['applicant', 'staff']),
  body: z.string(),
  at: z.string(),
});

export const ApplicationDocumentSchema = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime: z.string(),
  size_bytes: z.number().int(),
  uploaded_by: z.enum(['applicant', 'staff']),
  field_key: z.string().nullable(),
  request_id: z.number().int().nullable(),
  created_at: z.string(),
  /** Where it downloads for the one who asked (never a public URL: the download checks access). */
  download_path: z.string(),
});

export const ApplicationDocumentRequestSchema = z.object({
  id: z.number().int(),
  what: z.string(),
  status: z.enum(['open', 'answered']),
  created_at: z.string(),
});

/**
 * What the applicant may do to end their application, decided by the server from its stage and
 * the store's settings: `cancel` before work starts (enable_cancel_order: at once, a paid fee
 * refunded), `request` once work has started (enable_refund: the owner decides), none otherwise.
 */
export const ApplicationCancelSchema = z.object({
  action: z.enum(['cancel', 'request']).nullable(),
  /** When the applicant asked to cancel after work started; null when they have not, or the owner declined. */
  requested_at: z.string().nullable(),
  request_reason: z.string().nullable(),
});
export type ApplicationCancel = z.infer<typeof ApplicationCancelSchema>;

/** An application as its applicant sees it. */
export const ApplicationSchema = z.object({
  id: z.string(),
  application_no: z.string(),
  service: z.object({ name: z.string(), slug: z.string() }),
  stage: z.string(),
  stage_label: z.string(),
  stage_changed_at: z.string(),
  created_at: z.string(),
  /** The fee (the service's price or the owner's quote); null while a quote is awaited. */
  fee: MoneySchema.nullable(),
  /** The coupon on the fee's order (ADR 37): what it takes off and what is left to pay; null without one. */
  fee_coupon: z.object({ code: z.string(), discount: MoneySchema, total: MoneySchema }).nullable(),
  /**
   * The money of the fee given back (a cancel, or the owner's refund): `pending` while the
   * payment's refund is on its way, then false; null when nothing was refunded.
   */
  fee_refund: z.object({ amount: MoneySchema, pending: z.boolean() }).nullable(),
  /**
   * The fee's order (ADR 37) once the fee is paid or due in cash; null before (and when that
   * order was cancelled). The storefront reads that order to fire the analytics plugins'
   * purchase event once, as for a goods order. Not a secret: the order itself is reached only
   * by its customer or the browser holding its order_ref cookie (anyone else: 404).
   */
  fee_order_id: z.string().nullable(),
  quote_note: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  steps: z.array(ApplicationStepSchema),
  history: z.array(ApplicationEventSchema),
  answers: z.array(ApplicationAnswerSchema),
  messages: z.array(ApplicationThreadMessageSchema),
  document_requests: z.array(ApplicationDocumentRequestSchema),
  documents: z.array(ApplicationDocumentSchema),
  /** Whether the applicant may add documents: false once it has ended (cancelled, rejected or completed). */
  documents_open: z.boolean(),
  /** Where it can be followed later without signing in (/track-application/{token}). */
  tracking_path: z.string(),
  /** The shop's active payment methods the fee may be paid with now: empty unless it awaits its fee. */
  fee_methods: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(['online', 'offline']) })),
  cancel: ApplicationCancelSchema,
});
export type Application = z.infer<typeof ApplicationSchema>;

/** POST /api/applications/{ref}/cancel: why (optional to cancel, required to ask). */
export const CancelApplicationBodySchema = z.preprocess((v) => v ?? {}, z.strictObject({ reason: CancelReasonSchema }));

/** POST /api/applications/{ref}/pay: the method to pay the fee with (an active payment method's code). */
export const PayApplicationBodySchema = z
  .object({
    method: PaymentMethodCodeSchema,
    /** A coupon code for the fee (ADR 37): the server judges it by the coupon's rules. */
    coupon: plainText(
      z
        .string()
        .trim()
        .max(40, { error: messages.maxLength(40) }),
    ).optional(),
  })
  .strict();
/** POST /api/applications/{ref}/coupons/preview: a coupon code to try on the fee before paying it. */
export const FeeCouponBodySchema = z.object({ coupon: CouponCodeSchema }).strict();

/**
 * What a coupon would do to the fee (ADR 37), judged as Pay judges it but counting nothing: the
 * fee, the discount and what is left to pay (0: nothing to pay). Pay with the same code to use it.
 */
export const FeeCouponPreviewSchema = z.object({
  code: z.string(),
  description: z.string(),
  fee: MoneySchema,
  discount: MoneySchema,
  total: MoneySchema,
});
export type FeeCouponPreview = z.infer<typeof FeeCouponPreviewSchema>;

/**
 * What paying the fee answers: the application now, its fee order (what an in-page checkout's
 * result names) and where the applicant goes (the provider, or back to the application).
 */
export const ApplicationPaymentSchema = z.object({
  application: ApplicationSchema,
  order_id: z.string(),
  next: PaymentNextSchema,
});

export const ApplicationRowSchema = z.object({
  id: z.string(),
  application_no: z.string(),
  service_name: z.string(),
  stage: z.string(),
  stage_label: z.string(),
  stage_changed_at: z.string(),
  created_at: z.string(),
  /** When the next stage is expected; null at the end or while waiting on the applicant. */
  next_due_at: z.string().nullable(),
  /** The fee (null: to be quoted); the list offers "Pay the fee" while the stage is awaiting_payment. */
  fee: MoneySchema.nullable(),
});
export type ApplicationRow = z.infer<typeof ApplicationRowSchema>;

export const MyApplicationsSchema = z.object({ applications: z.array(ApplicationRowSchema) });

/** An application is named in a path by its id or number (signed-in applicant) or its link's token. */
export const ApplicationRefParamsSchema = z.object({ ref: identifierText(100) });
export const ApplicationDocumentParamsSchema = z.object({
  ref: identifierText(100),
  document_id: z.coerce.number({ error: messages.fallback }).int().positive().max(2_147_483_647),
});

/**
 * The applicant's contact, sent with the application (a signed-in customer's account fills what
 * is left out). A phone or an e-mail is needed: stage changes are sent there.
 */
export const ApplicationContactSchema = z.object({
  name: text(120),
  email: emailField.optional(),
  phone: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, { error: messages.fallback }),
  ).optional(),
});
export type ApplicationContact = z.infer<typeof ApplicationContactSchema>;

/** POST /api/track-application: a guest finds an application by its number and contact. */
export const TrackApplicationBodySchema = z.object({ application_no: text(40), contact: text(254) }).strict();

export const ApplicationMessageBodySchema = z.object({ body: text(4000, true) }).strict();

// ---------------------------------------------------------------------------------------------
// The owner's side (area `orders`)
// ---------------------------------------------------------------------------------------------

export const AdminApplicationsQuerySchema = z
  .object({
    /** The service's product id. */
    service: identifierText(64).optional(),
    stage: identifierText(40).optional(),
    /** Only those past the expected date of their next stage. */
    overdue: z
      .enum(['true', 'false'], { error: messages.fallback })
      .transform((v) => v === 'true')
      .optional(),
    /** `next_cursor` of the previous page. */
    cursor: z
      .string({ error: messages.fallback })
      .max(200, { error: messages.fallback })
      .regex(/^[A-Za-z0-9_-]+$/, { error: messages.fallback })
      .optional(),
  })
  .strict();

export const AdminApplicationRowSchema = ApplicationRowSchema.extend({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  overdue: z.boolean(),
  /** The applicant asked to cancel and the owner has not answered yet. */
  cancel_requested: z.boolean(),
});

export type AdminApplicationRow = z.infer<typeof AdminApplicationRowSchema>;

export const AdminApplicationListSchema = z.object({
  applications: z.array(AdminApplicationRowSchema),
  next_cursor: z.string().nullable(),
});

/** The inbox's service filter: every service (not archived) with its stage table, by name. */
export const AdminApplicationServicesSchema = z.object({
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      stages: z.array(z.object({ key: z.string(), label: z.string() })),
    }),
  ),
});

/**
 * How an application's fee stands for staff (ADR 37): not_due (no fee asked, or settled outside
 * the shop), due (awaiting the applicant, no payment started), awaiting_payment (its fee order
 * unpaid, or its payment failed), paid (online), cash_due (an offline method chosen, the money
 * not yet received), refunded (some or all of it given back), cancelled (its fee order closed).
 */
export const APPLICATION_FEE_STATES = [
  'not_due',
  'due',
  'awaiting_payment',
  'paid',
  'cash_due',
  'refunded',
  'cancelled',
] as const;
export type ApplicationFeeState = (typeof APPLICATION_FEE_STATES)[number];

export const AdminApplicationFeeSchema = z.object({
  state: z.enum(APPLICATION_FEE_STATES),
  /** The fee order (kind service_fee), once the applicant started paying. */
  order_id: z.string().nullable(),
  order_no: z.string().nullable(),
  /** Its payment method's name. */
  method: z.string().nullable(),
  paid_at: z.string().nullable(),
  refunded: MoneySchema.nullable(),
  /** Refund fee: paid (online or cash received), nothing refunded yet. */
  can_refund: z.boolean(),
  /** Mark fee paid: an offline method's fee not yet received. */
  can_mark_paid: z.boolean(),
  /** Refund fee may also cancel the application: it has not ended (completed, rejected or cancelled). */
  can_cancel_application: z.boolean(),
  /**
   * Whether Refund fee's "Also cancel the application" starts on: work has not started (the
   * application is still at Submitted) and the store lets orders be cancelled before they leave.
   */
  cancel_by_default: z.boolean(),
});
export type AdminApplicationFee = z.infer<typeof AdminApplicationFeeSchema>;

export const AdminApplicationSchema = ApplicationSchema.extend({
  customer_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  order_id: z.string().nullable(),
  fee_status: AdminApplicationFeeSchema,
  next_due_at: z.string().nullable(),
  /** Where the applicant's flow can go from here (the stage move's choices). */
  next_stages: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationParamsSchema = z.object({ id: identifierText(64) });
export const AdminApplicationDocumentParamsSchema = z.object({
  id: identifierText(64),
  document_id: z.coerce.number({ error: messages.fallback }).int().positive().max(2_147_483_647),
});

/**
 * A stage move: `from` is the stage the owner saw (the move happens only while the application is
 * still there), `to` a later stage of its table, `rejected` (with a reason) or `cancelled`. From
 * quote_requested to awaiting_payment it carries the quoted fee.
 */
export const AdminApplicationMoveBodySchema = z
  .object({
    from: identifierText(40),
    to: identifierText(40),
    note: plainText(
      z
        .string()
        .trim()
        .max(1000, { error: messages.maxLength(1000) }),
      { multiline: true },
    )
      .nullable()
      .optional(),
    /** The quoted fee, in paise: at least 1 (a fee of nothing would leave it awaiting ₹0). */
    fee_minor: z
      .number({ error: messages.fallback })
      .int()
      .min(1, { error: applicationTexts.feeAtLeastOnePaisa })
      .max(1_000_000_000)
      .optional(),
  })
  .strict();

export const AdminDocumentRequestBodySchema = z.object({ what: text(300) }).strict();
