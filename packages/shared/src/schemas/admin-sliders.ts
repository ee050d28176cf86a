import { z } from '../zod.ts';
import { shopImageUrl } from './admin.ts';
import { LinkUrlSchema } from './link.ts';
import { plainText } from './text.ts';

/**
 * The slider editor (issue 28): the hero sliders (a template's hero_slider section names one by
 * id) and each slider's slides, saved as a whole ordered list with If-Match. Area `content`
 * (owner, manager, content editor). Slide text is plain text: the storefront shows it as text, so
 * a `<script>` typed in is shown, never run.
 */

export const SLIDER_LIMITS = {
  nameMax: 80,
  titleMax: 120,
  subtitleMax: 300,
  altMax: 200,
  linkTextMax: 40,
  slidesMax: 10,
  idMax: 60,
} as const;

export const adminSliderMessages = {
  notFound: 'Slider not found',
  ifMatch: 'If-Match must be the version of the slider you read',
  stale: 'Someone else changed this slider since you opened it. Below is what differs: take theirs, or keep yours',
  saved: 'Slider saved: shoppers see it now',
  created: 'Slider created',
  renamed: 'Slider renamed',
  deleted: 'Slider deleted',
  name: `Give the slider a name of 1 to ${SLIDER_LIMITS.nameMax} characters`,
  id: 'Use lower-case letters, digits and dashes, starting with a letter or digit',
  idTaken: 'A slider with this id exists already',
  title: `Write a title of 1 to ${SLIDER_LIMITS.titleMax} characters`,
  subtitle: `Keep the subtitle to ${SLIDER_LIMITS.subtitleMax} characters`,
  alt: `Describe the picture for people who cannot see it, 1 to ${SLIDER_LIMITS.altMax} characters`,
  linkText: `Write the button’s text, 1 to ${SLIDER_LIMITS.linkTextMax} characters`,
  linkUrl: 'Give the address the button opens, or clear its text',
  tooMany: `A slider holds at most ${SLIDER_LIMITS.slidesMax} slides`,
  inUse: (templates: readonly string[]) =>
    `This slider is shown by ${templates.map((t) => `“${t}”`).join(', ')}: take it out of ${templates.length === 1 ? 'that template' : 'those templates'} first`,
} as const;
const msg = adminSliderMessages;

const ID = /^[a-z0-9][a-z0-9-]*$/;
const line = (max: number, error: string) =>
  plainText(z.string({ error }).trim().min(1, { error }).max(max, { error }));
const optionalLine = (max: number, error: string) => plainText(z.string({ error }).trim().max(max, { error }));

/** /api/admin/sliders/:id */
export const AdminSliderParamsSchema = z.object({
  id: z.string().regex(ID, { error: msg.notFound }).max(SLIDER_LIMITS.idMax, { error: msg.notFound }),
});

const nameField = line(SLIDER_LIMITS.nameMax, msg.name);

/** POST /api/admin/sliders: a new, empty slider; `id` (what a hero_slider section names) is made from the name when left out. */
export const AdminSliderCreateSchema = z.object({
  name: nameField,
  id: z
    .string({ error: msg.id })
    .trim()
    .regex(ID, { error: msg.id })
    .max(SLIDER_LIMITS.idMax, { error: msg.id })
    .optional(),
});
export type AdminSliderCreate = z.input<typeof AdminSliderCreateSchema>;

/** PATCH /api/admin/sliders/:id (If-Match): the slider's name (read out as the carousel's label). */
export const AdminSliderRenameSchema = z.object({ name: nameField });
export type AdminSliderRename = z.input<typeof AdminSliderRenameSchema>;

/**
 * One slide as the editor sends it. A picture needs its description (alt text); the button needs
 * both its address (the link rule: a shop path, http(s), mailto:, tel:) and its text, or neither.
 */
export const AdminSlideInputSchema = z
  .object({
    title: line(SLIDER_LIMITS.titleMax, msg.title),
    subtitle: optionalLine(SLIDER_LIMITS.subtitleMax, msg.subtitle).default(''),
    /** A /media/… path or an https:// address; null: no picture (the theme's colour shows). */
    image_url: shopImageUrl.nullable().default(null),
    image_alt: optionalLine(SLIDER_LIMITS.altMax, msg.alt).default(''),
    link_url: z.string().trim().pipe(LinkUrlSchema).nullable().default(null),
    link_text: optionalLine(SLIDER_LIMITS.linkTextMax, msg.linkText).nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.image_url !== null && !s.image_alt) ctx.addIssue({ code: 'custom', path: ['image_alt'], message: msg.alt });
    const text = Boolean(s.link_text);
    if (s.link_url !== null && !text) ctx.addIssue({ code: 'custom', path: ['link_text'], message: msg.linkText });
    if (s.link_url === null && text) ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg.linkUrl });
  });
export type AdminSlideInput = z.input<typeof AdminSlideInputSchema>;

/**
 * PUT /api/admin/sliders/:id/slides (If-Match): the slider's whole slide list, in order, and its
 * name when the owner changed it too (checked as the rename checks it; left out, it stays): one
 * save, one version.
 */
export const AdminSlidesBodySchema = z.object({
  name: nameField.optional(),
  slides: z.array(AdminSlideInputSchema).max(SLIDER_LIMITS.slidesMax, { error: msg.tooMany }),
});
export type AdminSlidesBody = z.input<typeof AdminSlidesBodySchema>;

/** A template that shows the slider (its id and name). */
const UsedBySchema = z.object({ id: z.string(), name: z.string() });

export const AdminSliderRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slide_count: z.number().int(),
  /** Goes up with every rename and save: send it as If-Match. */
  version: z.number().int(),
  /** The templates whose live or draft sections show it: it cannot be deleted while any do. */
  used_by: z.array(UsedBySchema),
});
export type AdminSliderRow = z.infer<typeof AdminSliderRowSchema>;
export const AdminSliderListSchema = z.object({ sliders: z.array(AdminSliderRowSchema) });
export type AdminSliderList = z.infer<typeof AdminSliderListSchema>;

export const AdminSlideSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string(),
  link_url: z.string().nullable(),
  link_text: z.string().nullable(),
});
export type AdminSlide = z.infer<typeof AdminSlideSchema>;

/** GET /api/admin/sliders/:id: the slider with its slides in order. */
export const AdminSliderSchema = AdminSliderRowSchema.extend({ slides: z.array(AdminSlideSchema) });
export type AdminSlider = z.infer<typeof AdminSliderSchema>;

export const AdminSliderDeletedSchema = z.object({ id: z.string() });
