import { sql, type SQL } from 'drizzle-orm';
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  TRADE_ENQUIRY_FORM_ID,
  type AdminReviewList,
  type AdminReviewRow,
  type AdminSubmission,
  type AdminSubmissionList,
  type FormField,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** A keyset page: one row more than asked tells whether another page follows. */
function pageOf<T extends { id: number }>(rows: T[], limit: number): { rows: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

const reviewCounts = namedQuery<{ total: number; hidden: number }>()({
  name: 'admin.inboxes.review-counts',
  columns: ['total', 'hidden'],
  example: { filters: [sql`r.rating = ${5}`, sql`p.slug = ${'p'}`] },
  build: (p: { filters: SQL[] }) =>
    sql`select count(*)::int as total, count(r.hidden_at)::int as hidden
        from reviews r join products p on p.id = r.product_id ${whereOf(p.filters)}`,
});

const reviewPage = namedQuery<{
  id: number;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  is_verified_buyer: boolean;
  created_at: Date | string;
  hidden_at: Date | string | null;
  customer_id: number | null;
  slug: string;
  name: string;
}>()({
  name: 'admin.inboxes.review-page',
  columns: [
    'id',
    'author_name',
    'rating',
    'title',
    'body',
    'is_verified_buyer',
    'created_at',
    'hidden_at',
    'customer_id',
    'slug',
    'name',
  ],
  example: { where: [sql`r.rating = ${5}`, sql`r.id < ${10}`, sql`r.hidden_at is null`], limit: 51 },
  build: (p: { where: SQL[]; limit: number }) =>
    sql`select r.id, r.author_name, r.rating, r.title, r.body, r.is_verified_buyer, r.created_at, r.hidden_at,
               r.customer_id, p.slug, p.name
        from reviews r join products p on p.id = r.product_id
        ${whereOf(p.where)} order by r.id desc limit ${p.limit}`,
});

/**
 * Every review, hidden or shown, newest first (keyset on the id), for moderation; with the counts
 * of all, shown and hidden reviews under the rating and product filters (not the visibility).
 */
export async function listReviewsForModeration(
  db: Db,
  query: {
    visibility?: 'hidden' | 'shown' | undefined;
    rating?: number | undefined;
    product?: string | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<AdminReviewList> {
  const filters: SQL[] = [];
  if (query.rating !== undefined) filters.push(sql`r.rating = ${query.rating}`);
  if (query.product !== undefined) filters.push(sql`p.slug = ${query.product}`);
  const where: SQL[] = [...filters];
  if (query.cursor !== undefined) where.push(sql`r.id < ${query.cursor}`);
  if (query.visibility === 'hidden') where.push(sql`r.hidden_at is not null`);
  if (query.visibility === 'shown') where.push(sql`r.hidden_at is null`);
  const counted = reviewCounts(db, { filters });
  const rows = await reviewPage(db, { where, limit: query.limit + 1 });
  const { rows: page, next_cursor } = pageOf(rows, query.limit);
  const [n] = await counted;
  const counts = { all: n?.total ?? 0, shown: (n?.total ?? 0) - (n?.hidden ?? 0), hidden: n?.hidden ?? 0 };
  return {
    counts,
    reviews: page.map((r): AdminReviewRow => ({
      id: r.id,
      author: r.author_name,
      rating: r.rating,
      title: r.title,
      body: r.body,
      is_verified_buyer: r.is_verified_buyer,
      created_at: iso(r.created_at)!,
      product: { slug: r.slug, name: r.name },
      hidden_at: iso(r.hidden_at),
      customer_id: r.customer_id,
    })),
    next_cursor,
  };
}

/** Which submissions an inbox holds: one form's, or every form's but the trade enquiries. */
export type Inbox = { form: string } | { allBut: string };
export const TRADE_INBOX: Inbox = { form: TRADE_ENQUIRY_FORM_ID };
export const formsInbox = (form: string | undefined): Inbox => (form ? { form } : { allBut: TRADE_ENQUIRY_FORM_ID });
const inboxSql = (inbox: Inbox) =>
  'form' in inbox ? sql`s.form_id = ${inbox.form}` : sql`s.form_id <> ${inbox.allBut}`;

interface SubmissionSql {
  id: number;
  form_id: string;
  form_name: string;
  data: Record<string, string> | string;
  created_at: Date | string;
}
const toSubmission = (r: SubmissionSql): AdminSubmission => ({
  id: r.id,
  form_id: r.form_id,
  form_name: r.form_name,
  data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, string>) : r.data,
  created_at: iso(r.created_at)!,
});

const submissionPage = namedQuery<SubmissionSql>()({
  name: 'admin.inboxes.submissions',
  columns: ['id', 'form_id', 'form_name', 'data', 'created_at'],
  example: { inbox: { form: 'contact' } as Inbox, after: 10 as number | undefined, limit: 51 },
  build: (p: { inbox: Inbox; after: number | undefined; limit: number }) =>
    sql`select s.id, s.form_id, f.name as form_name, s.data, s.created_at
        from form_submissions s join forms f on f.id = s.form_id
        ${whereOf([inboxSql(p.inbox), ...(p.after !== undefined ? [sql`s.id < ${p.after}`] : [])])}
        order by s.id desc limit ${p.limit}`,
});

const submissionRows = (db: Db, inbox: Inbox, after: number | undefined, limit: number) =>
  submissionPage(db, { inbox, after, limit });

/** The values a trade enquiry stores beside the form's fields (trade-enquiry-service.ts). */
const TRADE_EXTRAS: { name: string; label: string }[] = [
  { name: 'product', label: 'Product (slug)' },
  { name: 'product_name', label: 'Product' },
];

const inboxForms = namedQuery<{ id: string; fields: FormField[] | string }>()({
  name: 'admin.inboxes.forms',
  columns: ['id', 'fields'],
  example: { inbox: { form: 'contact' } as Inbox, formIds: ['contact'] as string[] | undefined },
  build: (p: { inbox: Inbox; formIds: string[] | undefined }) =>
    sql`select f.id, f.fields from forms f
        where ${p.formIds ? sql`f.id in (${sql.join(p.formIds.length ? p.formIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})` : sql`true`}
          and ${'form' in p.inbox ? sql`f.id = ${p.inbox.form}` : sql`f.id <> ${p.inbox.allBut}`}
        order by f.id`,
});

/** The fields of the inbox's forms in their forms' order (by name, once), then a trade enquiry's extras. */
async function inboxFields(db: Db, inbox: Inbox, formIds?: string[]): Promise<{ name: string; label: string }[]> {
  const forms = await inboxForms(db, { inbox, formIds });
  const seen = new Map<string, string>();
  for (const f of forms) {
    const fields = typeof f.fields === 'string' ? (JSON.parse(f.fields) as FormField[]) : f.fields;
    for (const field of fields) if (!seen.has(field.name)) seen.set(field.name, field.label);
    if (f.id === TRADE_ENQUIRY_FORM_ID) for (const x of TRADE_EXTRAS) if (!seen.has(x.name)) seen.set(x.name, x.label);
  }
  return [...seen].map(([name, label]) => ({ name, label }));
}

/** A keyset page of an inbox, newest first, with the labels of the fields on it. */
export async function listSubmissions(
  db: Db,
  inbox: Inbox,
  query: { cursor?: number | undefined; limit: number },
): Promise<AdminSubmissionList> {
  const rows = await submissionRows(db, inbox, query.cursor, query.limit + 1);
  const { rows: page, next_cursor } = pageOf(rows, query.limit);
  const fields = await inboxFields(db, inbox, [...new Set(page.map((r) => r.form_id))]);
  return { submissions: page.map(toSubmission), fields, next_cursor };
}

/** Rows read per query while streaming a CSV export. */
const CSV_BATCH = 500;

/**
 * The whole inbox as CSV (csv-stringify: RFC 4180 quoting, CRLF, a value a spreadsheet would run
 * as a formula escaped), newest first, read batch by batch by keyset so a long inbox is streamed
 * without being held in memory. Columns: id, form, submitted_at, then each field by its label.
 */
export async function submissionsCsv(db: Db, inbox: Inbox): Promise<Readable> {
  const fields = await inboxFields(db, inbox);
  const columns = [
    { key: 'id', header: 'id' },
    { key: 'form', header: 'form' },
    { key: 'submitted_at', header: 'submitted_at' },
    ...fields.map((f) => ({ key: `f_${f.name}`, header: f.label })),
  ];
  async function* records() {
    let after: number | undefined;
    for (;;) {
      const rows = await submissionRows(db, inbox, after, CSV_BATCH);
      for (const r of rows.map(toSubmission)) {
        yield {
          id: r.id,
          form: r.form_id,
          submitted_at: r.created_at,
          ...Object.fromEntries(fields.map((f) => [`f_${f.name}`, r.data[f.name] ?? ''])),
        };
      }
      if (rows.length < CSV_BATCH) return;
      after = rows.at(-1)!.id;
    }
  }
  // Every field with a line break is quoted (csv-stringify quotes only CRLF when records end in CRLF): a
  // message's own lines must never become rows of their own, formula rows included.
  const csv = stringify({
    header: true,
    columns,
    record_delimiter: 'windows',
    escape_formulas: true,
    quoted_match: /[\r\n]/,
  });
  // A failed read destroys the answer's stream (the client sees a cut-off download, never a partial file that looks whole).
  return pipeline(Readable.from(records()), csv, () => {});
}
