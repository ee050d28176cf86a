import { and, eq } from 'drizzle-orm';
import { FormFieldSchema, formSubmissionSchema, issuesByField, messages, type FormDefinition } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { formSubmissions, forms } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';

/** An active form's definition and the addresses its submissions are e-mailed to; null if unknown or off. */
async function activeForm(db: Db, id: string): Promise<{ form: FormDefinition; notify: string[] } | null> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.isActive, true)));
  if (!row) return null;
  const form = {
    id: row.id,
    name: row.name,
    description: row.description,
    // Parsed so a definition stored before a new field property existed still answers in full.
    fields: row.fields.map((f) => FormFieldSchema.parse(f)),
    submit_label: row.submitLabel,
    success_message: row.successMessage,
  };
  return { form, notify: row.notifyEmails };
}

/** An active form's definition; null if unknown or switched off. */
export async function getForm(db: Db, id: string): Promise<FormDefinition | null> {
  return (await activeForm(db, id))?.form ?? null;
}

/**
 * Validates `body` against the form's fields (spec messages, one per field; 422 with errors by
 * field name), keeps only the defined fields and stores the submission (with `extra`, values the
 * caller vouches for, such as the product a trade enquiry is about). Answers the form's success
 * message, the stored values and the submission's id; null if the form is unknown or switched off.
 */
export async function submitForm(
  db: Db,
  id: string,
  body: unknown,
  meta: { ip: string | null; userAgent: string | null; extra?: Record<string, string> },
): Promise<{
  successMessage: string;
  id: number;
  form: FormDefinition;
  data: Record<string, string>;
  /** The form's notification addresses (the forms editor's "where submissions go"). */
  notify: string[];
} | null> {
  const found = await activeForm(db, id);
  if (!found) return null;
  const { form, notify } = found;
  const parsed = formSubmissionSchema(form.fields).safeParse(body ?? {});
  if (!parsed.success) {
    throw new HttpError(422, messages.invalidData, issuesByField(parsed.error.issues));
  }
  const data = { ...parsed.data, ...meta.extra };
  const [row] = await db
    .insert(formSubmissions)
    .values({ formId: form.id, data, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null })
    .returning({ id: formSubmissions.id });
  return { successMessage: form.success_message, id: row!.id, form, data, notify };
}
