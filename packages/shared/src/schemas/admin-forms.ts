import { z } from '../zod.ts';
import { FORM_FIELD_TYPES, FormFieldSchema, type FormField } from './forms.ts';
import { plainText } from './text.ts';

/**
 * The forms editor (issue 28): a form's fields (the storefront's `form` sections show one by id),
 * its texts, whether it is on, and where its submissions go: always the panel's inbox, plus up to
 * five addresses e-mailed each submission. Saved whole with If-Match. Area `content` (owner,
 * manager, content editor). Labels and texts are plain text: the storefront shows them as text.
 */

export const FORM_LIMITS = {
  nameMax: 80,
  descriptionMax: 500,
  labelMax: 100,
  placeholderMax: 100,
  submitLabelMax: 40,
  successMessageMax: 500,
  fieldsMax: 30,
  optionsMax: 50,
  optionMax: 100,
  lengthMax: 5000,
  notifyMax: 5,
  idMax: 60,
} as const;

export const adminFormMessages = {
  notFound: 'Form not found',
  ifMatch: 'If-Match must be the version of the form you read',
  stale: 'Someone else changed this form since you opened it. Below is what differs: take theirs, or keep yours',
  saved: 'Form saved: shoppers see it now',
  created: 'Form created',
  deleted: 'Form deleted',
  name: `Give the form a name of 1 to ${FORM_LIMITS.nameMax} characters`,
  description: `Keep the description to ${FORM_LIMITS.descriptionMax} characters`,
  id: 'Use lower-case letters, digits and dashes, starting with a letter or digit',
  idTaken: 'A form with this id exists already',
  submitLabel: `Write a button label of 1 to ${FORM_LIMITS.submitLabelMax} characters`,
  successMessage: `Write a thank-you message of 1 to ${FORM_LIMITS.successMessageMax} characters`,
  fieldName: 'Use a key of lower-case letters, digits and _, starting with a letter (up to 50)',
  fieldNameTaken: 'Another field of this form has this key',
  label: `Write a label of 1 to ${FORM_LIMITS.labelMax} characters`,
  type: `Choose one of: ${FORM_FIELD_TYPES.join(', ')}`,
  placeholder: `Keep the placeholder to ${FORM_LIMITS.placeholderMax} characters`,
  length: `Use a whole number from 1 to ${FORM_LIMITS.lengthMax}, or leave it empty`,
  minOverMax: 'The shortest length must not be more than the longest',
  optionsNeeded: 'A choice list needs at least one choice',
  option: `Write each choice in 1 to ${FORM_LIMITS.optionMax} characters`,
  optionTaken: 'This choice is listed twice',
  tooManyOptions: `A choice list holds at most ${FORM_LIMITS.optionsMax} choices`,
  fieldsNeeded: 'A form needs at least one field',
  tooManyFields: `A form holds at most ${FORM_LIMITS.fieldsMax} fields`,
  email: 'Enter an e-mail address such as orders@example.com',
  emailTaken: 'This address is listed twice',
  tooManyEmails: `Notify at most ${FORM_LIMITS.notifyMax} addresses`,
  inUse: (templates: readonly string[]) =>
    `This form is shown by ${templates.map((t) => `“${t}”`).join(', ')}: take it out of ${templates.length === 1 ? 'that template' : 'those templates'} first`,
} as const;
const msg = adminFormMessages;

const ID = /^[a-z0-9][a-z0-9-]*$/;
const line = (max: number, error: string) =>
  plainText(z.string({ error }).trim().min(1, { error }).max(max, { error }));
const length = z
  .number({ error: msg.length })
  .int({ error: msg.length })
  .min(1, { error: msg.length })
  .max(FORM_LIMITS.lengthMax, { error: msg.length })
  .nullable()
  .default(null);

/** /api/admin/forms/:id */
export const AdminFormParamsSchema = z.object({
  id: z.string().regex(ID, { error: msg.notFound }).max(FORM_LIMITS.idMax, { error: msg.notFound }),
});

/** One field as the editor sends it (the storefront's FormFieldSchema, with the editor's messages). */
export const AdminFormFieldInputSchema = z
  .object({
    name: z
      .string({ error: msg.fieldName })
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,49}$/, { error: msg.fieldName }),
    label: line(FORM_LIMITS.labelMax, msg.label),
    type: z.enum(FORM_FIELD_TYPES, { error: msg.type }),
    required: z.boolean().default(false),
    /** The choices of a select field (at least one, each once); dropped for other types. */
    options: z
      .array(line(FORM_LIMITS.optionMax, msg.option), { error: msg.option })
      .max(FORM_LIMITS.optionsMax, { error: msg.tooManyOptions })
      .default([]),
    min_length: length,
    max_length: length,
    placeholder: plainText(
      z.string({ error: msg.placeholder }).trim().max(FORM_LIMITS.placeholderMax, { error: msg.placeholder }),
    )
      .nullable()
      .default(null)
      .transform((p) => p || null),
  })
  .superRefine((f, ctx) => {
    if (f.min_length !== null && f.max_length !== null && f.min_length > f.max_length)
      ctx.addIssue({ code: 'custom', message: msg.minOverMax, path: ['min_length'] });
    if (f.type !== 'select') return;
    if (!f.options.length) ctx.addIssue({ code: 'custom', message: msg.optionsNeeded, path: ['options'] });
    f.options.forEach((o, i) => {
      if (f.options.indexOf(o) !== i) ctx.addIssue({ code: 'custom', message: msg.optionTaken, path: ['options', i] });
    });
  })
  .transform((f) => FormFieldSchema.parse({ ...f, options: f.type === 'select' ? f.options : [] }));
export type AdminFormFieldInput = z.input<typeof AdminFormFieldInputSchema>;

const email = z.email({ error: msg.email }).max(254, { error: msg.email });

/** PUT /api/admin/forms/:id (If-Match): the whole form. */
export const AdminFormBodySchema = z
  .object({
    name: line(FORM_LIMITS.nameMax, msg.name),
    description: plainText(
      z.string({ error: msg.description }).trim().max(FORM_LIMITS.descriptionMax, { error: msg.description }),
      { multiline: true },
    ).default(''),
    fields: z
      .array(AdminFormFieldInputSchema, { error: msg.fieldsNeeded })
      .min(1, { error: msg.fieldsNeeded })
      .max(FORM_LIMITS.fieldsMax, { error: msg.tooManyFields }),
    submit_label: line(FORM_LIMITS.submitLabelMax, msg.submitLabel),
    success_message: plainText(
      z
        .string({ error: msg.successMessage })
        .trim()
        .min(1, { error: msg.successMessage })
        .max(FORM_LIMITS.successMessageMax, { error: msg.successMessage }),
      { multiline: true },
    ),
    /** false: the storefront answers 404 for it and its sections show nothing. */
    is_active: z.boolean().default(true),
    /** E-mailed each submission, besides the panel's inbox. */
    notify_emails: z
      .array(z.string({ error: msg.email }).trim().toLowerCase().pipe(email), { error: msg.email })
      .max(FORM_LIMITS.notifyMax, { error: msg.tooManyEmails })
      .default([]),
  })
  .superRefine((b, ctx) => {
    const names = b.fields.map((f) => f.name);
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i)
        ctx.addIssue({ code: 'custom', message: msg.fieldNameTaken, path: ['fields', i, 'name'] });
    });
    b.notify_emails.forEach((e, i) => {
      if (b.notify_emails.indexOf(e) !== i)
        ctx.addIssue({ code: 'custom', message: msg.emailTaken, path: ['notify_emails', i] });
    });
  });
export type AdminFormBody = z.input<typeof AdminFormBodySchema>;

/** POST /api/admin/forms: a new form with one message field; `id` (what a form section names) is made from the name when left out. */
export const AdminFormCreateSchema = z.object({
  name: line(FORM_LIMITS.nameMax, msg.name),
  id: z
    .string({ error: msg.id })
    .trim()
    .regex(ID, { error: msg.id })
    .max(FORM_LIMITS.idMax, { error: msg.id })
    .optional(),
});
export type AdminFormCreate = z.input<typeof AdminFormCreateSchema>;

/** A template that shows the form (its id and name). */
const UsedBySchema = z.object({ id: z.string(), name: z.string() });

export const AdminFormRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  field_count: z.number().int(),
  /** Submissions kept in the inbox: deleting the form deletes them too. */
  submission_count: z.number().int(),
  notify_emails: z.array(z.string()),
  /** Goes up with every save: send it as If-Match. */
  version: z.number().int(),
  /** The templates whose live or draft sections show it: it cannot be deleted while any do. */
  used_by: z.array(UsedBySchema),
});
export type AdminFormRow = z.infer<typeof AdminFormRowSchema>;
export const AdminFormListSchema = z.object({ forms: z.array(AdminFormRowSchema) });
export type AdminFormList = z.infer<typeof AdminFormListSchema>;

/** GET /api/admin/forms/:id: the whole form. */
export const AdminFormSchema = AdminFormRowSchema.extend({
  description: z.string(),
  fields: z.array(FormFieldSchema),
  submit_label: z.string(),
  success_message: z.string(),
});
export type AdminForm = z.infer<typeof AdminFormSchema>;

export const AdminFormDeletedSchema = z.object({ id: z.string(), submissions_deleted: z.number().int() });

/**
 * `shopfront:preview:form` (docs/preview-protocol.md): the form editor's unsaved form, which the
 * storefront in the panel's preview frame shows in every form section naming `id`. Read loosely,
 * as the other preview messages are: a text over its limit is left empty, a field that breaks
 * FormFieldSchema's rules (or repeats a key) is left out, at most FORM_LIMITS.fieldsMax are read;
 * only a missing or bad `id`, or `fields` that is not a list, refuses the whole message.
 */
const previewText = (max: number) => z.string().max(max).catch('');
const PreviewFormFieldSchema = FormFieldSchema.extend({
  label: z.string().trim().min(1).max(FORM_LIMITS.labelMax),
  options: z
    .array(z.string().trim().min(1).max(FORM_LIMITS.optionMax))
    .max(FORM_LIMITS.optionsMax)
    .default([])
    .transform((o) => [...new Set(o)]),
  min_length: z.number().int().min(1).max(FORM_LIMITS.lengthMax).nullable().catch(null),
  max_length: z.number().int().min(1).max(FORM_LIMITS.lengthMax).nullable().catch(null),
  placeholder: z.string().max(FORM_LIMITS.placeholderMax).nullable().catch(null),
});
export const PREVIEW_FORM_MESSAGE = 'shopfront:preview:form';
export const PreviewFormMessageSchema = z.object({
  type: z.literal(PREVIEW_FORM_MESSAGE),
  id: AdminFormParamsSchema.shape.id,
  name: previewText(FORM_LIMITS.nameMax),
  description: previewText(FORM_LIMITS.descriptionMax),
  fields: z.array(z.unknown()).transform((list) => {
    const fields: FormField[] = [];
    for (const raw of list.slice(0, FORM_LIMITS.fieldsMax)) {
      const field = PreviewFormFieldSchema.safeParse(raw);
      if (field.success && !fields.some((f) => f.name === field.data.name)) fields.push(field.data);
    }
    return fields;
  }),
  submit_label: previewText(FORM_LIMITS.submitLabelMax),
  success_message: previewText(FORM_LIMITS.successMessageMax),
  /** false: the form's sections show nothing, as they will for shoppers once saved. */
  is_active: z.boolean().catch(true),
});
export type PreviewFormMessage = z.output<typeof PreviewFormMessageSchema>;
