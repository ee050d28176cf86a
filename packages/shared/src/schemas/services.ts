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

/**
 * Payment methods as a services shop names them: an applicant pays a fee, often at the office,
 * never on delivery. Keyed by method code; other methods keep the owner's name. Used wherever a
 * fee's method is shown (the Pay buttons, the panel's Fee card, a fee order, its messages).
 */
export const FEE_METHOD_NAMES: Readonly<Record<string, string>> = { cod: 'Cash at our office' };

/** A payment method's name for a fee. */
export const feeMethodName = (code: string, name: string): string => FEE_METHOD_NAMES[code] ?? name;

/** How the fee reads: a fixed price, "from" a price (the final fee may be higher), or on quote (no price until the owner quotes). */
export const SERVICE_FEE_KINDS = ['fixed', 'from', 'quote'] as const;
export type ServiceFeeKind = (typeof SERVICE_FEE_KINDS)[number];

/** Field types of a service's application form. */
export const APPLICATION_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'choice', 'file'] as const;
export type ApplicationFieldType = (typeof APPLICATION_FIELD_TYPES)[number];

/** Largest file a file field may allow, and the types a file field may accept. */
export const APPLICATION_FILE_MAX_MB = 10;
/**
 * Most documents an applicant sends to one application (with it and after): the server refuses
 * more (409, applicationTexts.documentLimit). Staff's documents are not counted.
 */
export const APPLICATION_APPLICANT_DOCUMENTS_MAX = 20;
export const APPLICATION_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Most file fields one service's form may have: an application's multipart body takes at most
 * this many files (the API's APPLICATION_UPLOAD.maxFiles), so a form asking for more could never be sent.
 */
export const APPLICATION_FORM_FILES_MAX = 5;
/**
 * Longest text answer (characters) an owner may allow (a text or textarea field's `max`): the API
 * reads each answer whole up to this many characters in UTF-8 and refuses a longer one.
 */
export const APPLICATION_TEXT_MAX_CHARS = 10_000;

/** One field of a service's application form (stored as jsonb on service_details.form_fields). */
export const ApplicationFieldSchema = z.object({
  /** Key of the answer in the submitted body and the stored answers. */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, {
    error: 'A key is up to 50 lower-case letters, digits and underscores, starting with a letter, such as pan_number',
  }),
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
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, {
    error:
      'A key is up to 40 lower-case letters, digits and underscores, starting with a letter, such as documents_verified',
  }),
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

/** Messages of the owner's service editor (issue 27): each names what to fix. */
export const serviceMessages = {
  productNotFound: 'Product not found',
  fieldKeyTwice: 'Each field of the form needs its own key',
  fieldKeyReserved: (key: string) =>
    `“${key}” is a part of every application already (its service or contact): pick another key`,
  stageKeyTwice: 'Each stage needs its own key',
  stageKeyFixed: (key: string) => `“${key}” is a stage every application already has: pick another key`,
  choiceOptions: 'A choice field needs at least two options',
  choiceOptionTwice: 'Each option of a choice field must be different',
  fileAccept: 'A file field needs at least one accepted file type',
  minAboveMax: 'The smallest value must not be above the largest',
  fieldKeyBuiltIn: (key: string) => `“${key}” is a name the shop uses itself: pick another key`,
  textMax: `The longest answer is a whole number of characters from 1 to ${APPLICATION_TEXT_MAX_CHARS.toLocaleString('en-IN')}`,
  tooManyFiles: `A form can ask for at most ${APPLICATION_FORM_FILES_MAX} files: one application sends no more. Ask for the rest as a document later, or combine them in one PDF`,
  saved: 'Service details saved',
  removed: 'This product is no longer a service',
} as const;

/**
 * Parts of every application's form besides the service's own fields (the service, the
 * applicant's contact, a document request answered): a field keyed so would be read as one of them.
 */
export const APPLICATION_RESERVED_KEYS = ['service', 'name', 'email', 'phone', 'request_id'] as const;

/**
 * A key JavaScript objects already have (`constructor`, `__proto__`, `toString`…): an answer read
 * by that key from a plain object would be the object's own property, not the applicant's.
 */
const isBuiltInKey = (key: string): boolean => key in Object.prototype;

/**
 * PUT /api/admin/catalog/products/{id}/service: ServiceDetailsSchema with the rules across
 * fields (unique field and stage keys, stage keys clear of APPLICATION_FIXED_STAGES, a choice
 * field's two or more distinct options, a file field's accepted types, min ≤ max, no key an object
 * has built in, a text answer's max within APPLICATION_TEXT_MAX_CHARS, at most
 * APPLICATION_FORM_FILES_MAX file fields), each issue
 * on its own path (`form_fields.2.options`), so the panel shows it under the field.
 */
export const ServiceDetailsBodySchema = ServiceDetailsSchema.superRefine((details, ctx) => {
  const seenFields = new Set<string>();
  let fileFields = 0;
  details.form_fields.forEach((field, i) => {
    const at = (...rest: (string | number)[]) => ['form_fields', i, ...rest];
    if ((APPLICATION_RESERVED_KEYS as readonly string[]).includes(field.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: serviceMessages.fieldKeyReserved(field.key) });
    else if (isBuiltInKey(field.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: serviceMessages.fieldKeyBuiltIn(field.key) });
    else if (seenFields.has(field.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: serviceMessages.fieldKeyTwice });
    seenFields.add(field.key);
    if (field.type === 'choice') {
      if (field.options.length < 2)
        ctx.addIssue({ code: 'custom', path: at('options'), message: serviceMessages.choiceOptions });
      else if (new Set(field.options).size !== field.options.length)
        ctx.addIssue({ code: 'custom', path: at('options'), message: serviceMessages.choiceOptionTwice });
    }
    if (field.type === 'file' && field.accept.length === 0)
      ctx.addIssue({ code: 'custom', path: at('accept'), message: serviceMessages.fileAccept });
    if (field.type === 'file' && ++fileFields > APPLICATION_FORM_FILES_MAX)
      ctx.addIssue({ code: 'custom', path: at('type'), message: serviceMessages.tooManyFiles });
    if (
      (field.type === 'text' || field.type === 'textarea') &&
      field.max !== null &&
      (!Number.isInteger(field.max) || field.max < 1 || field.max > APPLICATION_TEXT_MAX_CHARS)
    )
      ctx.addIssue({ code: 'custom', path: at('max'), message: serviceMessages.textMax });
    if (field.min !== null && field.max !== null && field.min > field.max)
      ctx.addIssue({ code: 'custom', path: at('min'), message: serviceMessages.minAboveMax });
  });
  const seenStages = new Set<string>();
  details.stages.forEach((stage, i) => {
    const path = ['stages', i, 'key'];
    if ((APPLICATION_FIXED_STAGES as readonly string[]).includes(stage.key))
      ctx.addIssue({ code: 'custom', path, message: serviceMessages.stageKeyFixed(stage.key) });
    else if (seenStages.has(stage.key)) ctx.addIssue({ code: 'custom', path, message: serviceMessages.stageKeyTwice });
    seenStages.add(stage.key);
  });
});
export type ServiceDetailsBody = z.input<typeof ServiceDetailsBodySchema>;

/** GET /api/admin/catalog/products/{id}/service: the product's service details, null when it is sold as a product. */
export const AdminServiceDetailsSchema = ServiceDetailsSchema.nullable();
