import { sql } from 'drizzle-orm';
import {
  FORM_LIMITS,
  FormFieldSchema,
  adminFormMessages as msg,
  type AdminForm,
  type AdminFormBody,
  type AdminFormList,
  type AdminFormRow,
  type FormField,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import { idCandidates } from '../content-ids.ts';
import type { OwnerAct } from '../if-match.ts';
import { templatesShowing } from '../template-usage.ts';
import { dropVersions, keepVersion, stateBeforeFirst } from '../versions/service.ts';

/**
 * The forms editor (issue 28). A form is saved whole in one statement that changes the row only
 * while its version is still the If-Match one, so of several editors saving against the same
 * version exactly one wins and the others are refused with 409. The forms table's trigger tells
 * every process's page cache at commit (content-version.ts). Each save keeps the whole form, in
 * the shape the save takes, as a version (History, kind `form`, subject the form id); deleting the
 * form deletes them.
 */

type Saved = Required<Omit<AdminFormBody, 'fields'>> & { fields: FormField[] };

interface FormRow extends Omit<AdminForm, 'fields'> {
  fields: unknown[];
}

/** The forms (all, or the one `id`) with their counts and the templates whose sections show them. */
const formRowsQuery = namedQuery<FormRow>()({
  name: 'admin.forms.rows',
  columns: [
    'id',
    'name',
    'description',
    'fields',
    'submit_label',
    'success_message',
    'is_active',
    'notify_emails',
    'version',
    'field_count',
    'submission_count',
    'used_by',
  ],
  example: { id: 'form_example' } as { id: string | undefined },
  build: (p: { id: string | undefined }) =>
    sql`select f.id, f.name, f.description, f.fields, f.submit_label, f.success_message, f.is_active,
               f.notify_emails, f.version, jsonb_array_length(f.fields)::int as field_count,
               (select count(*)::int from form_submissions s where s.form_id = f.id) as submission_count,
               ${templatesShowing('form', 'form_id', sql`f.id`)} as used_by
          from forms f
         where ${p.id === undefined ? sql`true` : sql`f.id = ${p.id}`}
         order by f.name, f.id`,
});

const formRows = (db: Db, id?: string) => formRowsQuery(db, { id });

const toRow = (r: FormRow): AdminFormRow => ({
  id: r.id,
  name: r.name,
  is_active: r.is_active,
  field_count: r.field_count,
  submission_count: r.submission_count,
  notify_emails: r.notify_emails,
  version: r.version,
  used_by: r.used_by,
});

/** Every form by name, with its field and submission counts and where it is shown. */
export async function listForms(db: Db): Promise<AdminFormList> {
  return { forms: (await formRows(db)).map(toRow) };
}

/** A row with its fields parsed (a definition stored before a field property existed, in full). */
const parsed = (r: FormRow) => ({ ...r, fields: r.fields.map((f) => FormFieldSchema.parse(f)) });

/** One form whole; 404 for an unknown id. */
export async function loadForm(db: Db, id: string): Promise<AdminForm> {
  const [row] = await formRows(db, id);
  if (!row) throw notFound(msg.notFound);
  return {
    ...toRow(row),
    description: row.description,
    fields: parsed(row).fields,
    submit_label: row.submit_label,
    success_message: row.success_message,
  };
}

/** What a new form starts with: one required message box, on, e-mailing nobody. */
const starterFields: FormField[] = [
  FormFieldSchema.parse({ name: 'message', label: 'Message', type: 'textarea', required: true }),
];

const insertForm = namedQuery<{ id: string }>()({
  name: 'admin.forms.insert',
  columns: ['id'],
  example: { id: 'form_example', name: 'Contact' },
  build: (p: { id: string; name: string }) =>
    sql`insert into forms (id, name, fields, submit_label, success_message)
            values (${p.id}, ${p.name}, ${JSON.stringify(starterFields)}::jsonb, 'Send',
                    'Thank you! We have received your message.')
            on conflict (id) do nothing returning id`,
});

/**
 * Makes a form with one message field. Without an id, one is made from the name (`-2`, `-3`…
 * when taken); a given id that is taken is 422 at `id`.
 */
export async function createForm(
  db: Db,
  act: OwnerAct,
  body: { id?: string | undefined; name: string },
): Promise<AdminForm> {
  const id = await db.transaction(async (tx) => {
    for (const candidate of idCandidates(body.id, body.name, FORM_LIMITS.idMax, 'form')) {
      const [made] = await insertForm(tx, { id: candidate, name: body.name });
      if (!made) continue;
      await recordAudit(tx, {
        staff: act.staff,
        action: 'form.create',
        target: `form:${made.id}`,
        after: { name: body.name },
        ip: act.ip,
      });
      return made.id;
    }
    throw fieldError('id', msg.idTaken);
  });
  return loadForm(db, id);
}

/** A form as its save takes it (AdminFormBody): a version's body, restored by saving it again. */
const formBody = (f: Saved): Saved => ({
  name: f.name,
  description: f.description,
  fields: f.fields,
  submit_label: f.submit_label,
  success_message: f.success_message,
  is_active: f.is_active,
  notify_emails: f.notify_emails,
});

/** What the audit log keeps of a form. */
const outline = (f: { name: string; fields: readonly FormField[]; is_active: boolean; notify_emails: string[] }) => ({
  name: f.name,
  fields: f.fields.map((x) => `${x.name} (${x.type}${x.required ? ', required' : ''})`),
  is_active: f.is_active,
  notify_emails: f.notify_emails,
});

const updateForm = namedQuery<{ version: number }>()({
  name: 'admin.forms.update',
  columns: ['version'],
  example: {
    id: 'form_example',
    ifMatch: 1 as number | null,
    body: {
      name: 'Contact',
      description: '',
      fields: starterFields,
      submit_label: 'Send',
      success_message: 'Thanks',
      is_active: true,
      notify_emails: [],
    } as Saved,
  },
  build: (p: { id: string; ifMatch: number | null; body: Saved }) =>
    sql`update forms set name = ${p.body.name}, description = ${p.body.description},
                 fields = ${JSON.stringify(p.body.fields)}::jsonb, submit_label = ${p.body.submit_label},
                 success_message = ${p.body.success_message}, is_active = ${p.body.is_active},
                 notify_emails = ${JSON.stringify(p.body.notify_emails)}::jsonb,
                 version = version + 1, updated_at = now()
           where id = ${p.id} and ${p.ifMatch === null ? sql`true` : sql`version = ${p.ifMatch}`}
       returning version`,
});

const lockForm = namedQuery<{ id: string }>()({
  name: 'admin.forms.lock',
  columns: ['id'],
  example: { id: 'form_example' },
  build: (p: { id: string }) => sql`select id from forms where id = ${p.id} for update`,
});

/**
 * Replaces the whole form, if it is still at the If-Match version (else 404 or 409); audited in
 * the same transaction. Shoppers see it at once.
 */
export async function saveForm(db: Db, act: OwnerAct, id: string, body: Saved): Promise<AdminForm> {
  await db.transaction(async (tx) => {
    // Locked first, so the audit's "before" is the form this save replaces, even without If-Match.
    await tx.execute(sql`select id from forms where id = ${id} for update`);
    const [before] = await formRows(tx, id);
    const first = await stateBeforeFirst(tx, 'form', id, async () =>
      before ? { body: formBody(parsed(before)), at: null } : null,
    );
    const [saved] = await updateForm(tx, { id, ifMatch: act.ifMatch, body });
    if (!saved) throw before ? new HttpError(409, msg.stale) : notFound(msg.notFound);
    const after = (await formRows(tx, id))[0]!;
    await keepVersion(tx, { kind: 'form', subject: id, by: act.staff.email, body: formBody(parsed(after)) }, first);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'form.save',
      target: `form:${id}`,
      before: outline({ ...before!, fields: before!.fields as FormField[] }),
      after: { version: saved.version, ...outline(body) },
      ip: act.ip,
    });
  });
  return loadForm(db, id);
}

/**
 * Deletes a form, its kept versions and (by the foreign key's cascade) its submissions; 409
 * naming the templates while any live or draft section shows it. The row is locked first, so a save of it waits;
 * template saves take no lock on the forms they name (a section whose form is gone renders
 * without it, and the template editor flags it). Answers how many submissions went with it.
 */
export async function deleteForm(
  db: Db,
  act: OwnerAct,
  id: string,
): Promise<{ id: string; submissions_deleted: number }> {
  return db.transaction(async (tx) => {
    const [locked] = await lockForm(tx, { id });
    if (!locked) throw notFound(msg.notFound);
    const [row] = await formRows(tx, id);
    if (row!.used_by.length) throw new HttpError(409, msg.inUse(row!.used_by.map((t) => t.name)));
    if (act.ifMatch !== null && row!.version !== act.ifMatch) throw new HttpError(409, msg.stale);
    await tx.execute(sql`delete from forms where id = ${id}`);
    await dropVersions(tx, 'form', id);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'form.delete',
      target: `form:${id}`,
      before: { ...outline({ ...row!, fields: row!.fields as FormField[] }), submissions: row!.submission_count },
      ip: act.ip,
    });
    return { id, submissions_deleted: row!.submission_count };
  });
}
