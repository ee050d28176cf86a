import { z } from '../zod.ts';
import { adminKeysetQuery, adminSearchText } from './admin-customers.ts';
import { PICTURE_LIMITS } from './admin-pictures.ts';
import { plainText } from './text.ts';
import { messages } from '../messages.ts';

/**
 * The media library (issue 28, area `content`): pictures uploaded for pages, posts and
 * testimonials (checked, re-encoded and stored as a product's pictures are), listed with the
 * products' pictures so an editor can choose any of them. Uploads keep their file name for the
 * search; alt text can be set; an upload no page, post, slide, testimonial or template uses can be deleted.
 */

export const adminMediaMessages = {
  notFound: 'Picture not found in the media library',
  cursor: 'cursor must be the next_cursor of the page before',
  inUse: (places: string[]) =>
    `This picture is still used by ${places.join(', ')}. Choose another picture there first, then delete it`,
  productPicture: 'Product pictures are deleted from their product',
  pictureGone: 'A picture here was deleted from the media library meanwhile. Choose another picture, then save again',
  uploaded: 'Picture added to the media library',
  saved: 'Alt text saved',
  deleted: 'Picture deleted from the media library',
} as const;

export const MediaItemSchema = z.object({
  /** `upload-<n>` for a content upload, `product-<n>` for a product's picture. */
  id: z.string(),
  kind: z.enum(['upload', 'product']),
  /** The WebP under /media (the resizer serves /media/w_{width}/… of it). */
  path: z.string(),
  /** The uploaded file's name; a product picture's is its product's title. */
  name: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored WebP (null for a product picture: not recorded). */
  bytes: z.number().int().nullable(),
  /** Where it is shown: “Page: About us”, “Product: Fernleaf Mug”… */
  used_in: z.array(z.string()),
  /**
   * A product picture's product (its editor is where the picture is changed or deleted), or the
   * product a deleted one came from (`name` is its title); null for an upload.
   */
  product_id: z.string().nullable(),
  /**
   * A product picture deleted from its product whose delete can still be undone: when it goes
   * (ISO 8601; the clean-up removes it at its next run after this). Content that shows it then
   * keeps it, as a library upload; undone, it is its product's picture again. Null otherwise.
   */
  purge_after: z.string().nullable(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/**
 * A keyset page: uploads newest first, then product pictures newest first (with those deleted
 * from their product whose Undo has not run out: `purge_after`).
 */
export const MediaListSchema = z.object({ items: z.array(MediaItemSchema), next_cursor: z.string().nullable() });
export type MediaList = z.infer<typeof MediaListSchema>;

/** GET /api/admin/media */
export const MediaListQuerySchema = z.object({
  /** Part of the file name, alt text or product title. */
  q: adminSearchText.optional(),
  cursor: z
    .string({ error: adminMediaMessages.cursor })
    .regex(/^(upload|product)-[1-9]\d{0,9}$/, { error: adminMediaMessages.cursor })
    .refine((c) => Number(c.split('-')[1]) <= 2_147_483_647, { error: adminMediaMessages.cursor })
    .optional(),
  limit: adminKeysetQuery.limit,
});

const UPLOAD_ID = z.coerce
  .number({ error: adminMediaMessages.notFound })
  .int({ error: adminMediaMessages.notFound })
  .min(1, { error: adminMediaMessages.notFound })
  .max(2_147_483_647, { error: adminMediaMessages.notFound });

/** /api/admin/media/:id — a content upload (the number of its `upload-<n>` id). */
export const MediaParamsSchema = z.object({ id: UPLOAD_ID });

export const MediaPatchSchema = z
  .object({
    alt: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .max(PICTURE_LIMITS.altMax, { error: messages.maxLength(PICTURE_LIMITS.altMax) }),
    ),
  })
  .strict();
export type MediaPatch = z.output<typeof MediaPatchSchema>;
