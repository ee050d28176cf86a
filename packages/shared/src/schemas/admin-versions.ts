import { z } from '../zod.ts';

/**
 * "Every publish is a version" (issue 28) for the editors that save straight to the shop: the
 * Theme, pages, blog posts, menus, FAQ groups, sliders, forms and testimonials. Each successful save keeps the editor's whole state (the
 * body its save takes), so an earlier one can be previewed and put back into the form. Area
 * `content`; a Theme version's custom CSS is shown to owners only. Templates keep their own
 * history (admin-templates.ts).
 */

export const CONTENT_VERSION_KINDS = ['theme', 'page', 'post', 'menu', 'faq', 'slider', 'form', 'testimonial'] as const;
export type ContentVersionKind = (typeof CONTENT_VERSION_KINDS)[number];
/** Versions kept (and listed) per subject, newest first; older ones are deleted by the save. */
export const CONTENT_VERSIONS_KEPT = 50;

export const adminVersionMessages = {
  unknownKind: 'Unknown history: the kind is theme, page, post, menu, faq, slider, form or testimonial',
  subject: 'Name the storefront, page, post, menu, FAQ group, slider, form or testimonial (1–100 characters)',
  notFound: 'Version not found',
} as const;

/** /api/admin/versions/:kind/:subject */
export const AdminVersionListParamsSchema = z.object({
  kind: z.enum(CONTENT_VERSION_KINDS, { error: adminVersionMessages.unknownKind }),
  subject: z.string().min(1, { error: adminVersionMessages.subject }).max(100, { error: adminVersionMessages.subject }),
});
/** /api/admin/versions/:kind/:subject/:id */
export const AdminVersionParamsSchema = AdminVersionListParamsSchema.extend({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** One kept version, newest first. */
export const AdminVersionRowSchema = z.object({
  id: z.number().int(),
  published_at: z.string(),
  /**
   * Who saved it: the staff member's name, or the e-mail kept with the version when that member is
   * gone; null for what the subject was before its first save kept here.
   */
  published_by: z.string().nullable(),
  /**
   * What tells versions apart: a page's or post's title, the Theme's colours, a menu's name and item
   * count, a FAQ group's title and question count, a slider's name and slide count, a form's name
   * and field count, a testimonial's author and the start of its quote.
   */
  summary: z.string(),
});
export type AdminVersionRow = z.infer<typeof AdminVersionRowSchema>;
export const AdminVersionListSchema = z.object({ versions: z.array(AdminVersionRowSchema) });
export type AdminVersionList = z.infer<typeof AdminVersionListSchema>;

/** One version with its body: the editor's save body (a Theme's as a whole PATCH of its look). */
export const AdminVersionSchema = AdminVersionRowSchema.extend({ body: z.record(z.string(), z.unknown()) });
export type AdminVersion = z.infer<typeof AdminVersionSchema>;
