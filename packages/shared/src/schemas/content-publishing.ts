import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { PAGE_STATUSES } from '../page-status.ts';

/**
 * What the owner's pages and blog posts (issue 28) share: slug rules, optional SEO-style text,
 * the status with its publish time, and the picture rule. Each caller names its own messages.
 */

/** Lower-case letters, digits and single hyphens (`about-us`). */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A picture: a /media/… address from the media library or an upload, or an https:// address. */
export const PICTURE_PATH_PATTERN = /^(\/media\/|https:\/\/)\S+$/;
export const PICTURE_PATH_MESSAGE = 'A picture is a /media/… address or an https:// address';

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 320;

/** A slug with `error` when it is not one. */
export const contentSlugSchema = (error: string) =>
  z.string({ error }).trim().max(100, { error }).regex(CONTENT_SLUG_PATTERN, { error });

/** Empty text is no value (null): the storefront then falls back to the title. */
export const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

export const contentTitleSchema = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(200, { error: messages.maxLength(200) });

/** The status and publish time of a body; `publishingRule` checks them together. */
export const publishingFields = {
  status: z.enum(PAGE_STATUSES).default('draft'),
  publish_at: z.iso.datetime({ offset: true, error: messages.date }).nullable().default(null),
};

/** `scheduled` needs a `publish_at`, and one in the future. */
export const publishingRule =
  (msg: { publishAtRequired: string; publishAtFuture: string }) =>
  (b: { status: string; publish_at: string | null }, ctx: z.core.$RefinementCtx) => {
    if (b.status !== 'scheduled') return;
    if (b.publish_at === null) ctx.addIssue({ code: 'custom', path: ['publish_at'], message: msg.publishAtRequired });
    else if (Date.parse(b.publish_at) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['publish_at'], message: msg.publishAtFuture });
  };
