import { z } from '../zod.ts';

/**
 * Services mode (issue 27): the contract both the API and the clients build on. One store setting
 * (`store_mode`) switches the shop between selling products (default) and selling services. A
 * service is a product row with a `service_details` record; a customer's purchase of one is an
 * application that moves through the service's own stages.
 */
export const STORE_MODES = ['products', 'services'] as const;
export type StoreMode = (typeof STORE_MODES)[number];
export const StoreModeSchema = z.enum(STORE_MODES);

/** How the fee reads: a fixed price, "from" a price (the final fee may be higher), or on quote (no price until the owner quotes). */
export const SERVICE_FEE_KINDS = ['fixed', 'from', 'quote'] as const;
export type ServiceFeeKind = (typeof SERVICE_FEE_KINDS)[number];

/** Field types of a service's application form. */
export const APPLICATION_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'choice', 'file'] as const;
export type ApplicationFieldType = (typeof APPLICATION_FIELD_TYPES)[number];

/** Largest file a file field may allow, and the types a file field may accept. */
export const APPLICATION_FILE_MAX_MB = 10;
export const APPLICATION_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/** One field of a service's application form (stored as jsonb on service_details.form_fields). */
export const ApplicationFieldSchema = z.object({
  /** Key of the answer in the submitted body and the stored answers. */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/),
  label: z.string().trim().min(1).max(120),
  type: z.enum(APPLICATION_FIELD_TYPES),
  required: z.boolean().default(false),
  /** Help shown under the field. */
  help: z.string().max(300).nullable().default(null),
  /** Choices of a `choice` field (2..50); empty for other types. */
  options: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
  /** text/textarea: longest answer; number: largest value. Null: the type's default. */
  max: z.number().nullable().default(null),
  /** number: smallest value. */
  min: z.number().nullable().default(null),
  /** file: accepted MIME types (subset of APPLICATION_FILE_TYPES) and the size limit in MB (≤ APPLICATION_FILE_MAX_MB). */
  accept: z.array(z.enum(APPLICATION_FILE_TYPES)).default([]),
  max_mb: z.number().positive().max(APPLICATION_FILE_MAX_MB).nullable().default(null),
});
export type ApplicationField = z.infer<typeof ApplicationFieldSchema>;

/** One stage of a service's timeline; the application moves through them in order. */
export const ServiceStageSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: z.string().trim().min(1).max(60),
  /** Working days from the previous stage to this one: gives each stage its expected date. */
  expected_days: z.number().int().min(0).max(365).default(0),
});
export type ServiceStage = z.infer<typeof ServiceStageSchema>;

/**
 * Stages every application has besides the service's own: it starts `submitted` (after payment,
 * or at once for a quote request, where it waits in `quote_requested`), and may end `rejected`
 * (with a reason) or `cancelled`. The service's last stage is its "completed".
 */
export const APPLICATION_FIXED_STAGES = [
  'quote_requested',
  'awaiting_payment',
  'submitted',
  'rejected',
  'cancelled',
] as const;

/** What a service adds to its product: GET /api/product/{slug} answers it as `service` in services mode. */
export const ServiceDetailsSchema = z.object({
  fee_kind: z.enum(SERVICE_FEE_KINDS),
  /** What the fee includes, one line each. */
  includes: z.array(z.string().trim().min(1).max(200)).max(30),
  /** Typical turnaround in working days (null: not stated). */
  turnaround_days: z.number().int().min(0).max(365).nullable(),
  /** The documents the applicant should have ready, one line each. */
  documents_needed: z.array(z.string().trim().min(1).max(200)).max(30),
  /** The service's stages after `submitted`, in order (at least one: the last means completed). */
  stages: z.array(ServiceStageSchema).min(1).max(20),
  form_fields: z.array(ApplicationFieldSchema).max(40),
});
export type ServiceDetails = z.infer<typeof ServiceDetailsSchema>;
