import { sql } from 'drizzle-orm';
import {
  CONTENT_VERSIONS_KEPT,
  type AdminVersion,
  type AdminVersionList,
  type ContentVersionKind,
  type StaffRoleName,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';

/**
 * "Every publish is a version" (issue 28) for the editors that save straight to the shop: the
 * Theme, pages, posts, menus, FAQ groups, sliders, forms and testimonials. Each save calls
 * `keepVersion` inside its own transaction, after its conditional write succeeded (a refused save
 * throws first, so it keeps nothing): the new state is kept, the first time also what the subject
 * was before (published_by null), and only the newest CONTENT_VERSIONS_KEPT of the subject stay.
 * A save that leaves the editor's state as the newest version has it keeps nothing. Deleting a
 * subject deletes its versions (`dropVersions`). The templates keep their own history.
 */

/** A subject's state in the shape its editor's save takes, with when it was last changed. */
export interface VersionState {
  body: Record<string, unknown>;
  at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const firstVersion = namedQuery<{ id: number }>()({
  name: 'admin.versions.first',
  columns: ['id'],
  example: { kind: 'page' as ContentVersionKind, subject: '1' },
  build: (p: { kind: ContentVersionKind; subject: string }) =>
    sql`select id from content_versions where kind = ${p.kind} and subject = ${p.subject} limit 1`,
});

/** What the subject was before this save, read only when it has no version yet (else null). */
export async function stateBeforeFirst(
  tx: Db,
  kind: ContentVersionKind,
  subject: string,
  read: () => Promise<VersionState | null>,
): Promise<VersionState | null> {
  const [kept] = await firstVersion(tx, { kind, subject });
  return kept ? null : read();
}

const newestIsSame = namedQuery<{ same: boolean }>()({
  name: 'admin.versions.newest-is-same',
  columns: ['same'],
  example: { kind: 'page' as ContentVersionKind, subject: '1', body: '{}' },
  build: (p: { kind: ContentVersionKind; subject: string; body: string }) =>
    sql`select body = ${p.body}::jsonb as same from content_versions
         where kind = ${p.kind} and subject = ${p.subject} order by id desc limit 1`,
});

/**
 * Keeps `body` as the subject's newest version (and `before`, from stateBeforeFirst, ahead of it),
 * then deletes all but the newest `kept`. Call inside the save's transaction, after its write.
 */
export async function keepVersion(
  tx: Db,
  v: { kind: ContentVersionKind; subject: string; by: string; body: Record<string, unknown> },
  before: VersionState | null = null,
  kept: number = CONTENT_VERSIONS_KEPT,
): Promise<void> {
  const body = JSON.stringify(v.body);
  // Nothing the editor edits changed (a save of the same menu, a rename to the same name): no version.
  const [same] = await newestIsSame(tx, { kind: v.kind, subject: v.subject, body });
  if (same?.same || (before && JSON.stringify(before.body) === body)) return;
  if (before) {
    await tx.execute(
      sql`insert into content_versions (kind, subject, body, published_by, published_at)
          values (${v.kind}, ${v.subject}, ${JSON.stringify(before.body)}::jsonb, null,
                  ${before.at === null ? sql`now()` : sql`${iso(before.at)}::timestamptz`})`,
    );
  }
  await tx.execute(
    sql`insert into content_versions (kind, subject, body, published_by)
        values (${v.kind}, ${v.subject}, ${body}::jsonb, ${v.by})`,
  );
  await tx.execute(
    sql`delete from content_versions where kind = ${v.kind} and subject = ${v.subject}
          and id not in (select id from content_versions where kind = ${v.kind} and subject = ${v.subject}
                          order by id desc limit ${kept})`,
  );
}

/** Reads a subject's state as its editor edits it (a version's body), or null when it is gone. */
export type ReadState = (tx: Db, subject: string) => Promise<VersionState | null>;

/**
 * Version keeping for an editor whose version is its subject's state read back after the save
 * (FAQ groups, sliders): `first` before the save's write (what it was, when it has no version
 * yet: stateBeforeFirst), `keep` after it (the state now as the newest version: keepVersion).
 */
export function stateVersions(kind: ContentVersionKind, read: ReadState) {
  return {
    first: (tx: Db, subject: string) => stateBeforeFirst(tx, kind, subject, () => read(tx, subject)),
    keep: async (tx: Db, by: string, subject: string, first: VersionState | null): Promise<void> => {
      const now = (await read(tx, subject))!;
      await keepVersion(tx, { kind, subject, by, body: now.body }, first);
    },
  };
}

/** Deletes a subject's versions: call in the transaction that deletes the subject. */
export async function dropVersions(tx: Db, kind: ContentVersionKind, subject: string | number): Promise<void> {
  await tx.execute(sql`delete from content_versions where kind = ${kind} and subject = ${String(subject)}`);
}

/**
 * Who kept a version, as the History lists show it: the staff member's name (joined on the e-mail
 * kept with the version, one statement for the whole list), or that e-mail once the member is gone.
 * `alias` is the version table's alias in the query.
 */
export const publishedByName = (alias: string) =>
  sql`coalesce((select nullif(s.name, '') from staff s where lower(s.email) = lower(${sql.identifier(alias)}.published_by)),
               ${sql.identifier(alias)}.published_by) as published_by`;

/**
 * What a version's summary is made of: a title (a menu's, slider's or form's name, a testimonial's
 * author), a count (of `list`), the Theme's colours, a text (a testimonial's quote, a FAQ group's
 * first question, a slider's first slide title).
 */
const summaryColumns = sql`coalesce(body->>'title', body->>'name', body->>'author') as title,
  (select (count(*) + coalesce(sum(jsonb_array_length(coalesce(i->'children', '[]'::jsonb))), 0))::int
     from jsonb_array_elements(case when jsonb_typeof(list) = 'array' then list else '[]'::jsonb end) i) as items,
  body->'theme' as colours, left(coalesce(body->>'quote', list->0->>'question', list->0->>'title'), 61) as excerpt`;

/** The list a version's count is of: a menu's items, a FAQ group's questions, a slider's slides, a form's fields. */
const listOf = sql`coalesce(body->'items', body->'slides', body->'fields')`;

const versionListRows = namedQuery<{
  id: number;
  published_at: Date | string;
  published_by: string | null;
  title: string | null;
  items: number | null;
  colours: Record<string, string> | null;
  excerpt: string | null;
}>()({
  name: 'admin.versions.list',
  columns: ['id', 'published_at', 'published_by', 'title', 'items', 'colours', 'excerpt'],
  example: { kind: 'page' as ContentVersionKind, subject: '1' },
  build: (p: { kind: ContentVersionKind; subject: string }) =>
    sql`select id, published_at, ${publishedByName('v')}, ${summaryColumns}
          from content_versions v, lateral (select ${listOf} as list) l
         where kind = ${p.kind} and subject = ${p.subject}
         order by id desc limit ${CONTENT_VERSIONS_KEPT}`,
});

const versionRow = namedQuery<{
  id: number;
  published_at: Date | string;
  published_by: string | null;
  title: string | null;
  items: number | null;
  colours: Record<string, string> | null;
  excerpt: string | null;
  body: Record<string, unknown>;
}>()({
  name: 'admin.versions.one',
  columns: ['id', 'published_at', 'published_by', 'title', 'items', 'colours', 'excerpt', 'body'],
  example: { kind: 'page' as ContentVersionKind, subject: '1', id: 1 },
  build: (p: { kind: ContentVersionKind; subject: string; id: number }) =>
    sql`select id, published_at, ${publishedByName('v')}, ${summaryColumns}, body
          from content_versions v, lateral (select ${listOf} as list) l
         where kind = ${p.kind} and subject = ${p.subject} and id = ${p.id}`,
});

const counted = (n: number | null, noun: string) => `${n ?? 0} ${noun}${n === 1 ? '' : 's'}`;

/** The noun of what each kind's count counts. */
const COUNTED: Partial<Record<ContentVersionKind, string>> = {
  menu: 'item',
  faq: 'question',
  slider: 'slide',
  form: 'field',
};

/**
 * What tells a version apart in the list: a page's or post's title, the Theme's main colours, a
 * name and count (a menu's items, a FAQ group's questions, a slider's slides, a form's fields),
 * with a FAQ group's first question or a slider's first slide title (an edit of the text alone
 * changes no count), a testimonial's author and the start of its quote.
 */
function summaryOf(
  kind: ContentVersionKind,
  r: { title: string | null; items: number | null; colours: Record<string, string> | null; excerpt: string | null },
) {
  const excerpt = r.excerpt && `“${r.excerpt.length > 60 ? `${r.excerpt.slice(0, 59)}…` : r.excerpt}”`;
  const noun = COUNTED[kind];
  if (noun)
    return [r.title ?? '', counted(r.items, noun), kind === 'menu' || kind === 'form' ? null : excerpt]
      .filter(Boolean)
      .join(' · ');
  if (kind === 'theme') return r.colours ? `Colours ${r.colours.primary} · ${r.colours.accent}` : 'Theme';
  if (kind === 'testimonial') return `${r.title ?? ''} · ${excerpt ?? '“”'}`;
  return r.title ?? '';
}

const rowOf = (
  kind: ContentVersionKind,
  r: Parameters<typeof summaryOf>[1] & { id: number; published_at: Date | string; published_by: string | null },
) => ({
  id: r.id,
  published_at: iso(r.published_at),
  published_by: r.published_by,
  summary: summaryOf(kind, r),
});

/** The subject's versions, newest first (an unknown subject has none). */
export async function listVersions(db: Db, kind: ContentVersionKind, subject: string): Promise<AdminVersionList> {
  const rows = await versionListRows(db, { kind, subject });
  return { versions: rows.map((r) => rowOf(kind, r)) };
}

/**
 * One version with its body; null when it is not one of the subject's. A Theme's custom CSS is
 * the owner's alone (a stylesheet can read what a page shows), so other roles get it without.
 */
export async function getVersion(
  db: Db,
  kind: ContentVersionKind,
  subject: string,
  id: number,
  role: StaffRoleName,
): Promise<AdminVersion | null> {
  const [r] = await versionRow(db, { kind, subject, id });
  if (!r) return null;
  const { custom_css: _css, ...rest } = r.body;
  const body = kind === 'theme' && role !== 'owner' ? rest : r.body;
  return { ...rowOf(kind, r), body };
}
