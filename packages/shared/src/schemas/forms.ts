import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { isPlainText } from './text.ts';

export const FORM_FIELD_TYPES = ['text', 'email', 'tel', 'textarea', 'select'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Longest value a field accepts when its definition sets no max_length. */
export const FORM_DEFAULT_MAX_LENGTH: Record<FormFieldType, number> = {
  text: 255,
  email: 254,
  tel: 20,
  textarea: 5000,
  select: 255,
};

/** One field of a form definition (stored as jsonb on the form, answered by GET /api/form/{id}). */
export const FormFieldSchema = z.object({
  /** Key of the value in the submitted body and in the stored submission. */
  name: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/),
  label: z.string().min(1),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().default(false),
  /** Choices of a select field; empty for other types. */
  options: z.array(z.string()).default([]),
  min_length: z.number().int().min(1).nullable().default(null),
  max_length: z.number().int().min(1).nullable().default(null),
  placeholder: z.string().nullable().default(null),
});
export type FormField = z.infer<typeof FormFieldSchema>;
export type FormFieldInput = z.input<typeof FormFieldSchema>;

export const FormDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(FormFieldSchema),
  submit_label: z.string(),
  success_message: z.string(),
});
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;

export const FormSubmitResultSchema = z.object({ form_id: z.string() });
/** POST /api/form/submit/{id}: field values, checked in the service against the form's own fields. */
export const FormSubmitBodySchema = z.record(z.string(), z.unknown(), { error: messages.fallback }).optional();

export const formMessages = { formNotFound: 'Form not found' } as const;

const PHONE = /^\+?[0-9][0-9 ()-]*[0-9]$/;
const isEmail = (v: string) => z.email().safeParse(v).success;

/**
 * Checks one submitted value against its field definition. Values are trimmed; numbers and
 * booleans are read as text; anything else is not valid. Rules in order: required, longest,
 * format (e-mail, phone, select choice), shortest. The first failing rule gives the message, one
 * of the spec's standard texts. An empty optional value is answered as ''.
 */
export function checkFormField(field: FormField, raw: unknown): { value: string } | { error: string } {
  let value: string;
  if (raw === undefined || raw === null) value = '';
  else if (typeof raw === 'string') value = raw.trim();
  else if (typeof raw === 'number' || typeof raw === 'boolean') value = String(raw);
  else return { error: messages.fallback };
  if (value === '') return field.required ? { error: messages.required } : { value };
  if (!isPlainText(value, { multiline: field.type === 'textarea' })) return { error: messages.invalidCharacters };
  const length = [...value].length;
  const max = field.max_length ?? FORM_DEFAULT_MAX_LENGTH[field.type];
  if (length > max) return { error: messages.maxLength(max) };
  if (field.type === 'email' && !isEmail(value)) return { error: messages.email };
  if (field.type === 'tel') {
    const digits = value.replace(/\D/g, '').length;
    if (!PHONE.test(value) || digits < 7 || digits > 15) return { error: messages.invalidPhone };
  }
  if (field.type === 'select' && !field.options.includes(value)) return { error: messages.fallback };
  if (field.min_length !== null && length < field.min_length) return { error: messages.minLength(field.min_length) };
  return { value };
}

/**
 * The zod schema of a submission to a form with `fields`: the API validates with it and the
 * storefront form can too (same messages). Issues carry the field name as their path. The
 * output holds only the defined fields that have a value: unknown keys are dropped.
 */
export function formSubmissionSchema(fields: readonly FormField[]) {
  return z.record(z.string(), z.unknown(), { error: messages.invalidData }).transform((input, ctx) => {
    const out: Record<string, string> = {};
    for (const field of fields) {
      const checked = checkFormField(field, input[field.name]);
      if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error, path: [field.name] });
      else if (checked.value !== '') out[field.name] = checked.value;
    }
    return out;
  });
}
