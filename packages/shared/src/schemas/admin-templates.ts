import { z } from '../zod.ts';
import { SectionSchema, type Section } from './content.ts';
import { PICTURE_PATH_MESSAGE } from './content-publishing.ts';
import { isPicturePath } from './picture-path.ts';
import { isPlainText } from './text.ts';
import { messages } from '../messages.ts';

/**
 * The home page and template editor (issue 28): a template's sections are edited as a draft
 * beside the live preview, then published; every publish is kept as a version that can be
 * previewed and restored into the draft. Area `content` (owner, manager, content editor).
 */

/** The most sections one template may hold (the preview reads no more either). */
export const TEMPLATE_MAX_SECTIONS = 100;
/** Versions listed per template, newest first. */
export const TEMPLATE_VERSIONS_LISTED = 50;

export const adminTemplateMessages = {
  notFound: 'Template not found',
  versionNotFound: 'Version not found',
  ifMatch: 'If-Match must be the version of the template you read',
  stale: 'Someone else changed this template since you opened it. Below is what differs: take theirs, or keep yours',
  nothingToPublish: 'There is no draft to publish',
  draftSaved: 'Draft saved',
  draftDiscarded: 'Draft discarded',
  published: 'Published: shoppers see it now',
  restored: 'Version restored into the draft: check the preview, then publish',
  duplicateKey: 'Two sections have this key: each needs its own',
  tooMany: `A template holds at most ${TEMPLATE_MAX_SECTIONS} sections`,
  pictureAlt: 'Describe the picture for screen readers',
} as const;

const templateId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: adminTemplateMessages.notFound });

/** /api/admin/templates/:id */
export const AdminTemplateParamsSchema = z.object({ id: templateId });
/** /api/admin/templates/:id/versions/:version */
export const AdminTemplateVersionParamsSchema = z.object({
  id: templateId,
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** One row of the list: which page it lays out and whether an unpublished draft waits. */
export const AdminTemplateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  page_type: z.string(),
  /** The page it lays out, or null for a shared one (home, the default page layout). */
  page_slug: z.string().nullable(),
  /**
   * A storefront path that shows it (the preview's): `/` for the home page, `/{slug}` for a page's
   * own, a page without its own template for the default page template; null when none does.
   */
  path: z.string().nullable(),
  section_count: z.number().int(),
  has_draft: z.boolean(),
  /** The last publish (or the seed's write). */
  updated_at: z.string(),
  /** Goes up with every draft save and publish: send it as If-Match. */
  version: z.number().int(),
});
export type AdminTemplateRow = z.infer<typeof AdminTemplateRowSchema>;
export const AdminTemplateListSchema = z.object({ templates: z.array(AdminTemplateRowSchema) });
export type AdminTemplateList = z.infer<typeof AdminTemplateListSchema>;

/**
 * Something a section names that the shop no longer has (a deleted slider, FAQ, form, category or
 * collection): the storefront renders the section without it; the editor flags it at `field`.
 */
export const TemplateWarningSchema = z.object({
  key: z.string(),
  /** Within the section, e.g. `settings.slider_id`, `settings.collection_slugs.1`. */
  field: z.string(),
  message: z.string(),
});
export type TemplateWarning = z.infer<typeof TemplateWarningSchema>;

/** GET /api/admin/templates/:id: the live sections (hidden ones too), the draft if any, and warnings. */
export const AdminTemplateSchema = AdminTemplateRowSchema.omit({ section_count: true, has_draft: true }).extend({
  /** What shoppers see now, in order (hidden ones flagged `hidden: true`). */
  sections: z.array(SectionSchema),
  /** The unpublished sections, null when there is no draft. */
  draft: z.object({ sections: z.array(SectionSchema), updated_at: z.string() }).nullable(),
  /** Of the draft's sections when there is a draft, else of the live ones. */
  warnings: z.array(TemplateWarningSchema),
});
export type AdminTemplate = z.infer<typeof AdminTemplateSchema>;

/**
 * The pictures a section shows as an <img>, by their path within the section: an image with
 * text's picture and a gallery's own images.
 */
function sectionPictures(s: Section): { at: (string | number)[]; url: string; alt: string }[] {
  if (s.type === 'image_with_text') return [{ at: ['settings', 'image'], ...s.settings.image }];
  if (s.type === 'gallery') return s.settings.images.map((img, j) => ({ at: ['settings', 'images', j], ...img }));
  return [];
}

/** Where `value` holds a string a person could not have typed (NUL, a lone surrogate: PostgreSQL refuses them in jsonb). */
function notPlainAt(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isPlainText(value, { multiline: true }) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((v, j) => notPlainAt(v, [...at, j]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => notPlainAt(v, [...at, k]));
  return [];
}

/**
 * PUT /api/admin/templates/:id/draft: the whole section list in order (keys unique). Every text
 * of a section's settings is plain (no control character but line breaks and tabs, no lone
 * surrogate), else 422 at its path with the plain-text message. A section's
 * picture follows the one picture rule (isPicturePath, as logos, covers and image blocks) with
 * its alt text, else 422 at `sections.N.settings.image.url` (`.alt`). SectionSchema itself keeps
 * reading any address, so a template stored before the rule still renders; its editor flags the
 * field to fix.
 */
export const AdminTemplateDraftBodySchema = z.object({
  sections: z
    .array(SectionSchema)
    .max(TEMPLATE_MAX_SECTIONS, { error: adminTemplateMessages.tooMany })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (seen.has(s.key))
          ctx.addIssue({ code: 'custom', path: [i, 'key'], message: adminTemplateMessages.duplicateKey });
        seen.add(s.key);
        for (const at of notPlainAt(s.settings, [i, 'settings']))
          ctx.addIssue({ code: 'custom', path: at, message: messages.invalidCharacters });
        for (const p of sectionPictures(s)) {
          if (!isPicturePath(p.url))
            ctx.addIssue({ code: 'custom', path: [i, ...p.at, 'url'], message: PICTURE_PATH_MESSAGE });
          if (p.alt.trim() === '')
            ctx.addIssue({ code: 'custom', path: [i, ...p.at, 'alt'], message: adminTemplateMessages.pictureAlt });
        }
      });
    }),
});
export type AdminTemplateDraftBody = z.input<typeof AdminTemplateDraftBodySchema>;

/** One published version, newest first. */
export const AdminTemplateVersionRowSchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  /** The staff member's name (their e-mail once they are gone); null for the sections the template had before its first publish. */
  published_by: z.string().nullable(),
  section_count: z.number().int(),
});
export type AdminTemplateVersionRow = z.infer<typeof AdminTemplateVersionRowSchema>;
export const AdminTemplateVersionListSchema = z.object({ versions: z.array(AdminTemplateVersionRowSchema) });
export type AdminTemplateVersionList = z.infer<typeof AdminTemplateVersionListSchema>;

/** GET /api/admin/templates/:id/versions/:version: its sections, for the preview. */
export const AdminTemplateVersionSchema = AdminTemplateVersionRowSchema.omit({ section_count: true }).extend({
  sections: z.array(SectionSchema),
});
export type AdminTemplateVersion = z.infer<typeof AdminTemplateVersionSchema>;

/**
 * What the section pickers offer: the shop's sliders, FAQ groups, forms, categories and
 * collections; and whether the E-mail subscription plugin is installed (newsletter sections).
 */
export const AdminTemplateChoicesSchema = z.object({
  sliders: z.array(z.object({ id: z.string(), name: z.string() })),
  faqs: z.array(z.object({ id: z.string(), name: z.string() })),
  forms: z.array(z.object({ id: z.string(), name: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  collections: z.array(z.object({ slug: z.string(), name: z.string() })),
  newsletter_plugin: z.boolean(),
});
export type AdminTemplateChoices = z.infer<typeof AdminTemplateChoicesSchema>;
