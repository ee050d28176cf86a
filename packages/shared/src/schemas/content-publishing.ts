import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { PAGE_STATUSES } from '../page-status.ts';
import { ContentBlockSchema, type ContentBlock } from './blog.ts';
import { isPlainText, plainText } from './text.ts';
import { isPicturePath } from './picture-path.ts';

/**
 * What the owner's pages and blog posts (issue 28) share: slug rules, optional SEO-style text,
 * the status with its publish time, and the picture rule. Each caller names its own messages.
 */

/** Lower-case letters, digits and single hyphens (`about-us`). */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export { isPicturePath };
export const PICTURE_PATH_MESSAGE = 'A picture is a /media/… address or an https:// address';

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 320;

/** A slug with `error` when it is not one. */
export const contentSlugSchema = (error: string) =>
  z.string({ error }).trim().max(100, { error }).regex(CONTENT_SLUG_PATTERN, { error });

/** Empty text is no value (null): the storefront then falls back to the title. */
export const optionalText = (max: number, error: string) =>
  plainText(z.string().trim().max(max, { error }), { multiline: true })
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

export const contentTitleSchema = (error: string) =>
  plainText(
    z
      .string({ error })
      .trim()
      .min(1, { error })
      .max(200, { error: messages.maxLength(200) }),
  );

/** Every string a block carries: its text, marked runs, picture address, alt, caption, quote, list items. */
function blockStrings(b: ContentBlock): string[] {
  switch (b.type) {
    case 'heading':
      return [b.text];
    case 'paragraph':
      return [b.text, ...(b.spans ?? []).map((s) => s.text)];
    case 'image':
      return [b.url, b.alt, b.caption ?? ''];
    case 'quote':
      return [b.text, b.cite ?? ''];
    case 'list':
      return b.items;
  }
}

/**
 * An editor's body (a page's, a post's): at most `max` blocks, each block's text plain (no control
 * character but line breaks, no lone surrogate: PostgreSQL refuses NUL in jsonb), else 422 at
 * `blocks.N` with the plain-text message; an image block's address follows the picture rule, else
 * 422 at `blocks.N.url`.
 */
export const editorBlocksSchema = (max: number, tooMany: string) =>
  z
    .array(ContentBlockSchema)
    .max(max, { error: tooMany })
    .superRefine((blocks, ctx) => {
      blocks.forEach((b, i) => {
        if (blockStrings(b).some((text) => !isPlainText(text, { multiline: true })))
          ctx.addIssue({ code: 'custom', path: [i], message: messages.invalidCharacters });
        else if (b.type === 'image' && !isPicturePath(b.url))
          ctx.addIssue({ code: 'custom', path: [i, 'url'], message: PICTURE_PATH_MESSAGE });
      });
    })
    .default([]);

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
