import { sql, type SQL } from 'drizzle-orm';
import {
  SectionSchema,
  TEMPLATE_VERSIONS_LISTED,
  adminTemplateMessages as msg,
  type AdminTemplate,
  type AdminTemplateChoices,
  type AdminTemplateList,
  type AdminTemplateVersion,
  type AdminTemplateVersionList,
  type Section,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, notFound } from '../../../lib/http.ts';
import { installedPluginConfig } from '../../../lib/installed-plugin.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';
import { lockShownPictures } from '../media/shown-pictures.ts';
import { publishedByName } from '../versions/service.ts';
import { sectionWarnings } from './warnings.ts';

/**
 * The template editor (issue 28). The live sections are template_sections (what the storefront
 * reads); the editor's work in progress is the template's draft_sections; every publish is a
 * template_versions row. Each write is one statement or one short transaction that changes the
 * template row only if its version is still the one the editor read (If-Match), so two editors
 * never overwrite each other silently: the second is refused with 409.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

interface TemplateRow {
  id: string;
  name: string;
  page_type: string;
  page_slug: string | null;
  path: string | null;
  updated_at: Date | string;
  version: number;
  draft_sections: unknown[] | null;
  draft_updated_at: Date | string | null;
}

/** The template the storefront lays out pages with when they have none of their own ($.tsx). */
const DEFAULT_PAGE_TEMPLATE = 'page';

/**
 * A storefront path that shows the template: `/` for the home page, `/{slug}` for a page's own,
 * and for the default page template the first published page without a template of its own
 * (null when there is none).
 */
const pathSql = sql`case when p.slug is not null then '/' || p.slug
  when t.id = 'home' then '/'
  when t.id = ${DEFAULT_PAGE_TEMPLATE} then (select '/' || p2.slug from pages p2
    where p2.is_published and (p2.publish_at is null or p2.publish_at <= now()) and not exists (select 1 from templates t2 where t2.page_id = p2.id)
    order by p2.id limit 1)
  end`;

const templateColumns = sql`t.id, t.name, t.page_type, p.slug as page_slug, ${pathSql} as path, t.updated_at,
  t.version, t.draft_sections, t.draft_updated_at`;

const TEMPLATE_COLUMNS = [
  'id',
  'name',
  'page_type',
  'page_slug',
  'path',
  'updated_at',
  'version',
  'draft_sections',
  'draft_updated_at',
] as const;

const versionCheck = (ifMatch: number | null) => (ifMatch === null ? sql`true` : sql`version = ${ifMatch}`);

const liveSectionRows = namedQuery<{ key: string; type: string; settings: unknown; is_enabled: boolean }>()({
  name: 'admin.templates.live-sections',
  columns: ['key', 'type', 'settings', 'is_enabled'],
  example: { id: 'home' },
  build: ({ id }: { id: string }) =>
    sql`select key, type, settings, is_enabled from template_sections
         where template_id = ${id} order by position, id`,
});

const templateListRows = namedQuery<TemplateRow & { section_count: number }>()({
  name: 'admin.templates.list',
  columns: [...TEMPLATE_COLUMNS, 'section_count'],
  example: {},
  build: () =>
    sql`select ${templateColumns},
          (select count(*)::int from template_sections s where s.template_id = t.id) as section_count
        from templates t left join pages p on p.id = t.page_id
        order by t.id <> 'home', t.name, t.id`,
});

const templateRow = namedQuery<TemplateRow>()({
  name: 'admin.templates.one',
  columns: TEMPLATE_COLUMNS,
  example: { id: 'home' },
  build: ({ id }: { id: string }) =>
    sql`select ${templateColumns} from templates t left join pages p on p.id = t.page_id where t.id = ${id}`,
});

/** Claims the template for a publish: its draft and when the live sections were last published (the example's shape: with If-Match). */
const claimPublishRow = namedQuery<{ draft: unknown[]; was_updated: Date | string }>()({
  name: 'admin.templates.claim-publish',
  columns: ['draft', 'was_updated'],
  example: { id: 'home', ifMatch: 1 as number | null },
  build: (p: { id: string; ifMatch: number | null }) =>
    sql`with claimed as (select id, draft_sections, updated_at from templates where id = ${p.id} for update)
          update templates t
             set draft_sections = null, draft_updated_at = null, version = t.version + 1, updated_at = now()
            from claimed
           where t.id = claimed.id and claimed.draft_sections is not null and ${versionCheck(p.ifMatch)}
           returning claimed.draft_sections as draft, claimed.updated_at as was_updated`,
});

const draftStateRow = namedQuery<{ has_draft: boolean; version: number }>()({
  name: 'admin.templates.draft-state',
  columns: ['has_draft', 'version'],
  example: { id: 'home' },
  build: ({ id }: { id: string }) =>
    sql`select draft_sections is not null as has_draft, version from templates where id = ${id}`,
});

const insertVersionRow = namedQuery<{ id: number }>()({
  name: 'admin.templates.insert-version',
  columns: ['id'],
  example: { id: 'home', sections: [] as Section[], email: 'owner@example.com' },
  build: (p: { id: string; sections: Section[]; email: string }) =>
    sql`insert into template_versions (template_id, sections, published_by)
          values (${p.id}, ${JSON.stringify(p.sections)}::jsonb, ${p.email}) returning id`,
});

const versionListRows = namedQuery<{
  id: number;
  published_at: Date | string;
  published_by: string | null;
  n: number;
}>()({
  name: 'admin.templates.versions',
  columns: ['id', 'published_at', 'published_by', 'n'],
  example: { id: 'home' },
  build: ({ id }: { id: string }) =>
    sql`select id, published_at, ${publishedByName('tv')}, jsonb_array_length(sections)::int as n
          from template_versions tv
         where template_id = ${id} order by id desc limit ${TEMPLATE_VERSIONS_LISTED}`,
});

const versionRow = namedQuery<{
  id: number;
  published_at: Date | string;
  published_by: string | null;
  sections: unknown[];
}>()({
  name: 'admin.templates.version',
  columns: ['id', 'published_at', 'published_by', 'sections'],
  example: { id: 'home', version: 1 },
  build: (p: { id: string; version: number }) =>
    sql`select id, published_at, ${publishedByName('tv')}, sections from template_versions tv
         where template_id = ${p.id} and id = ${p.version}`,
});

const templateId = namedQuery<{ id: string }>()({
  name: 'admin.templates.id',
  columns: ['id'],
  example: { id: 'home' },
  build: (p: { id: string }) => sql`select id from templates where id = ${p.id}`,
});

/** Sets (or, with null, drops) the draft at the If-Match version. */
const writeDraftRow = namedQuery<{ version: number }>()({
  name: 'admin.templates.write-draft',
  columns: ['version'],
  example: { id: 'home', ifMatch: 1 as number | null, sections: [] as Section[] | null },
  build: (p: { id: string; ifMatch: number | null; sections: Section[] | null }) =>
    sql`update templates
             set draft_sections = ${p.sections === null ? null : JSON.stringify(p.sections)}::jsonb,
                 draft_updated_at = ${p.sections === null ? null : sql`now()`}, version = version + 1
           where id = ${p.id} and ${versionCheck(p.ifMatch)}
           returning version`,
});

const idChoices = (name: string, build: () => SQL) =>
  namedQuery<{ id: string; name: string }>()({ name, columns: ['id', 'name'], example: {}, build });
const slugChoices = (name: string, build: () => SQL) =>
  namedQuery<{ slug: string; name: string }>()({ name, columns: ['slug', 'name'], example: {}, build });
const sliderChoices = idChoices(
  'admin.templates.choice-sliders',
  () => sql`select id, name from sliders order by name, id`,
);
const faqChoices = idChoices(
  'admin.templates.choice-faqs',
  () => sql`select id, title as name from faq_groups order by title, id`,
);
const formChoices = idChoices(
  'admin.templates.choice-forms',
  () => sql`select id, name from forms where is_active order by name, id`,
);
const categoryChoices = slugChoices(
  'admin.templates.choice-categories',
  () => sql`select slug, name from categories order by name, id`,
);
const collectionChoices = slugChoices(
  'admin.templates.choice-collections',
  () => sql`select slug, name from collections order by name, id`,
);

/** Sections read back from storage; one that no longer fits the contract is left out, as the storefront does. */
function parseSections(list: readonly unknown[]): Section[] {
  return list.flatMap((s) => {
    const parsed = SectionSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The live sections in order, hidden ones (is_enabled false) with `hidden: true`. */
async function liveSections(db: Db, id: string): Promise<Section[]> {
  const rows = await liveSectionRows(db, { id });
  return parseSections(rows.map((r) => ({ key: r.key, type: r.type, settings: r.settings, hidden: !r.is_enabled })));
}

/** Every template, the home page first, then by name. */
export async function listTemplates(db: Db): Promise<AdminTemplateList> {
  const rows = await templateListRows(db, {});
  return {
    templates: rows.map((r) => ({
      id: r.id,
      name: r.name,
      page_type: r.page_type,
      page_slug: r.page_slug,
      path: r.path,
      section_count: r.section_count,
      has_draft: r.draft_sections !== null,
      updated_at: iso(r.updated_at),
      version: r.version,
    })),
  };
}

/** One template for the editor: live sections, the draft, and warnings on what the editor starts from. */
export async function loadAdminTemplate(db: Db, id: string): Promise<AdminTemplate | null> {
  const [r] = await templateRow(db, { id });
  if (!r) return null;
  const sections = await liveSections(db, id);
  const draft =
    r.draft_sections === null
      ? null
      : { sections: parseSections(r.draft_sections), updated_at: iso(r.draft_updated_at ?? r.updated_at) };
  return {
    id: r.id,
    name: r.name,
    page_type: r.page_type,
    page_slug: r.page_slug,
    path: r.path,
    updated_at: iso(r.updated_at),
    version: r.version,
    sections,
    draft,
    warnings: await sectionWarnings(db, draft?.sections ?? sections),
  };
}

/** What the audit log keeps of a section list: each section's type and key, in order. */
const outline = (sections: readonly Section[]) =>
  sections.map((s) => `${s.type}:${s.key}${s.hidden ? ' (hidden)' : ''}`);

/** After a write matched no row: 404 when the template is unknown, else 409 (its version moved on). */
async function refusal(db: Db, id: string, otherwise: HttpError = new HttpError(409, msg.stale)): Promise<never> {
  const [found] = await templateId(db, { id });
  throw found ? otherwise : notFound(msg.notFound);
}

/**
 * Sets (or, with null, drops) the draft, if the template is still at the If-Match version; audited
 * in the same transaction as `action`.
 */
async function writeDraft(
  db: Db,
  act: OwnerAct,
  id: string,
  sections: Section[] | null,
  action: string,
  extra: Record<string, unknown> = {},
): Promise<AdminTemplate> {
  await db.transaction(async (tx) => {
    // A section's library picture is held against its delete, as pages and posts hold theirs; a
    // draft or restored version naming one deleted meanwhile is refused (409).
    if (sections) await lockShownPictures(tx, JSON.stringify(sections));
    const [row] = await writeDraftRow(tx, { id, ifMatch: act.ifMatch, sections });
    if (!row) await refusal(tx, id);
    await recordAudit(tx, {
      staff: act.staff,
      action,
      target: `template:${id}`,
      after: { ...extra, ...(sections ? { sections: outline(sections) } : {}) },
      ip: act.ip,
    });
  });
  return (await loadAdminTemplate(db, id))!;
}

/** Saves the editor's whole section list as the template's draft: shoppers see nothing of it yet. */
export function saveTemplateDraft(db: Db, act: OwnerAct, id: string, sections: Section[]): Promise<AdminTemplate> {
  return writeDraft(db, act, id, sections, 'template.draft');
}

/** Drops the draft: the editor starts again from what shoppers see. */
export function discardTemplateDraft(db: Db, act: OwnerAct, id: string): Promise<AdminTemplate> {
  return writeDraft(db, act, id, null, 'template.discard');
}

/**
 * The draft becomes the live sections, in one transaction: the template row is claimed by a
 * conditional update (draft present, version as read), its sections replaced, the draft kept as
 * a new version (the first publish also keeps what was live before, so it can be restored), and
 * the change audited. template_sections' trigger tells every process's page cache at commit.
 */
export async function publishTemplate(db: Db, act: OwnerAct, id: string): Promise<AdminTemplate> {
  await db.transaction(async (tx) => {
    const [row] = await claimPublishRow(tx, { id, ifMatch: act.ifMatch });
    if (!row) {
      const [t] = await draftStateRow(tx, { id });
      if (!t) throw notFound(msg.notFound);
      const moved = act.ifMatch !== null && act.ifMatch !== t.version;
      throw new HttpError(409, moved ? msg.stale : msg.nothingToPublish);
    }
    const sections = parseSections(row.draft);
    const before = await liveSections(tx, id);
    await tx.execute(
      sql`insert into template_versions (template_id, sections, published_by, published_at)
          select ${id}, ${JSON.stringify(before)}::jsonb, null, ${iso(row.was_updated)}::timestamptz
           where not exists (select 1 from template_versions where template_id = ${id})`,
    );
    await tx.execute(sql`delete from template_sections where template_id = ${id}`);
    if (sections.length) {
      await tx.execute(
        sql`insert into template_sections (template_id, key, type, settings, position, is_enabled) values ${sql.join(
          sections.map(
            (s, i) => sql`(${id}, ${s.key}, ${s.type}, ${JSON.stringify(s.settings)}::jsonb, ${i}, ${!s.hidden})`,
          ),
          sql`, `,
        )}`,
      );
    }
    const [v] = await insertVersionRow(tx, { id, sections, email: act.staff.email });
    await recordAudit(tx, {
      staff: act.staff,
      action: 'template.publish',
      target: `template:${id}`,
      before: { sections: outline(before) },
      after: { version: v!.id, sections: outline(sections) },
      ip: act.ip,
    });
  });
  return (await loadAdminTemplate(db, id))!;
}

/** The template's published versions, newest first; null when the template is unknown. */
export async function listTemplateVersions(db: Db, id: string): Promise<AdminTemplateVersionList | null> {
  const [found] = await templateId(db, { id });
  if (!found) return null;
  const rows = await versionListRows(db, { id });
  return {
    versions: rows.map((r) => ({
      version: r.id,
      published_at: iso(r.published_at),
      published_by: r.published_by,
      section_count: r.n,
    })),
  };
}

/** One published version with its sections; null when it is not one of this template's. */
export async function getTemplateVersion(db: Db, id: string, version: number): Promise<AdminTemplateVersion | null> {
  const [r] = await versionRow(db, { id, version });
  if (!r) return null;
  return {
    version: r.id,
    published_at: iso(r.published_at),
    published_by: r.published_by,
    sections: parseSections(r.sections),
  };
}

/**
 * A published version's sections become the draft (not live at once: the owner sees them in the
 * preview first, and publishing them makes a new version, so the history only grows).
 */
export async function restoreTemplateVersion(
  db: Db,
  act: OwnerAct,
  id: string,
  version: number,
): Promise<AdminTemplate> {
  const found = await getTemplateVersion(db, id, version);
  if (!found) {
    await refusal(db, id, notFound(msg.versionNotFound));
  }
  return writeDraft(db, act, id, found!.sections, 'template.restore', { restored_version: version });
}

/**
 * What the section pickers offer, each list in the shop's own order, and whether the E-mail
 * subscription plugin is installed (a newsletter section shows only then).
 */
export async function templateChoices(db: Db): Promise<AdminTemplateChoices> {
  const [sliders, faqs, forms, categories, collections, newsletter] = await Promise.all([
    sliderChoices(db, {}),
    faqChoices(db, {}),
    formChoices(db, {}),
    categoryChoices(db, {}),
    collectionChoices(db, {}),
    installedPluginConfig(db, 'emailSubscription'),
  ]);
  return { sliders, faqs, forms, categories, collections, newsletter_plugin: newsletter !== null };
}
