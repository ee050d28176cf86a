import { z } from '../zod.ts';
import { plainText } from './text.ts';

/**
 * The FAQ editor (issue 28): FAQ groups (the faq sections of templates name one by id) and each
 * group's questions, saved as a whole ordered list with If-Match. Area `content` (owner, manager,
 * content editor). Questions and answers are plain text: the storefront shows them as text, so a
 * `<script>` typed in is shown, never run.
 */

export const FAQ_LIMITS = {
  titleMax: 80,
  descriptionMax: 300,
  questionMax: 200,
  answerMax: 2000,
  itemsMax: 100,
  idMax: 60,
} as const;

export const adminFaqMessages = {
  notFound: 'FAQ group not found',
  ifMatch: 'If-Match must be the version of the FAQ group you read',
  stale: 'Someone else changed this FAQ group since you opened it. Below is what differs: take theirs, or keep yours',
  saved: 'FAQ saved: shoppers see it now',
  created: 'FAQ group created',
  renamed: 'FAQ group renamed',
  deleted: 'FAQ group deleted',
  title: `Give the group a title of 1 to ${FAQ_LIMITS.titleMax} characters`,
  description: `Keep the description to ${FAQ_LIMITS.descriptionMax} characters`,
  id: 'Use lower-case letters, digits and dashes, starting with a letter or digit',
  idTaken: 'A FAQ group with this id exists already',
  question: `Write a question of 1 to ${FAQ_LIMITS.questionMax} characters`,
  answer: `Write an answer of 1 to ${FAQ_LIMITS.answerMax} characters`,
  tooMany: `A FAQ group holds at most ${FAQ_LIMITS.itemsMax} questions`,
  inUse: (templates: readonly string[]) =>
    `This FAQ group is shown by ${templates.map((t) => `“${t}”`).join(', ')}: take it out of ${templates.length === 1 ? 'that template' : 'those templates'} first`,
} as const;
const msg = adminFaqMessages;

const ID = /^[a-z0-9][a-z0-9-]*$/;
const line = (max: number, error: string) =>
  plainText(z.string({ error }).trim().min(1, { error }).max(max, { error }));

/** /api/admin/faqs/:id */
export const AdminFaqParamsSchema = z.object({
  id: z.string().regex(ID, { error: msg.notFound }).max(FAQ_LIMITS.idMax, { error: msg.notFound }),
});

const titleField = line(FAQ_LIMITS.titleMax, msg.title);
const descriptionField = plainText(
  z.string({ error: msg.description }).trim().max(FAQ_LIMITS.descriptionMax, { error: msg.description }),
);
const groupFields = { title: titleField, description: descriptionField.default('') };

/** POST /api/admin/faqs: a new, empty group; `id` (what a faq section names) is made from the title when left out. */
export const AdminFaqCreateSchema = z.object({
  ...groupFields,
  id: z
    .string({ error: msg.id })
    .trim()
    .regex(ID, { error: msg.id })
    .max(FAQ_LIMITS.idMax, { error: msg.id })
    .optional(),
});
export type AdminFaqCreate = z.input<typeof AdminFaqCreateSchema>;

/** PATCH /api/admin/faqs/:id (If-Match): the group's title and description. */
export const AdminFaqRenameSchema = z.object(groupFields);
export type AdminFaqRename = z.input<typeof AdminFaqRenameSchema>;

/** One question of a group, as the editor sends it. */
export const AdminFaqItemInputSchema = z.object({
  question: line(FAQ_LIMITS.questionMax, msg.question),
  answer: plainText(
    z
      .string({ error: msg.answer })
      .trim()
      .min(1, { error: msg.answer })
      .max(FAQ_LIMITS.answerMax, { error: msg.answer }),
    { multiline: true },
  ),
  /** false: kept in the group, not shown to shoppers. */
  is_published: z.boolean().default(true),
});
export type AdminFaqItemInput = z.input<typeof AdminFaqItemInputSchema>;

/**
 * PUT /api/admin/faqs/:id/items (If-Match): the group's whole question list, in order, and its
 * title and description when the owner changed them too (each checked as the rename checks it;
 * one left out stays as it is): one save, one version.
 */
export const AdminFaqItemsBodySchema = z.object({
  title: titleField.optional(),
  description: descriptionField.optional(),
  items: z.array(AdminFaqItemInputSchema).max(FAQ_LIMITS.itemsMax, { error: msg.tooMany }),
});
export type AdminFaqItemsBody = z.input<typeof AdminFaqItemsBodySchema>;

/** A template that shows the group (its id and name). */
const UsedBySchema = z.object({ id: z.string(), name: z.string() });

export const AdminFaqRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  item_count: z.number().int(),
  /** Goes up with every rename and save: send it as If-Match. */
  version: z.number().int(),
  /** The templates whose live or draft sections show it: it cannot be deleted while any do. */
  used_by: z.array(UsedBySchema),
});
export type AdminFaqRow = z.infer<typeof AdminFaqRowSchema>;
export const AdminFaqListSchema = z.object({ groups: z.array(AdminFaqRowSchema) });
export type AdminFaqList = z.infer<typeof AdminFaqListSchema>;

export const AdminFaqItemSchema = z.object({ question: z.string(), answer: z.string(), is_published: z.boolean() });
export type AdminFaqItem = z.infer<typeof AdminFaqItemSchema>;

/** GET /api/admin/faqs/:id: the group with its questions in order. */
export const AdminFaqSchema = AdminFaqRowSchema.extend({ items: z.array(AdminFaqItemSchema) });
export type AdminFaq = z.infer<typeof AdminFaqSchema>;

export const AdminFaqDeletedSchema = z.object({ id: z.string() });
