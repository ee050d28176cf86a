import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { identifierText } from './identifier.ts';
import { plainText } from './text.ts';

/**
 * A product's pictures in the owner's catalogue (issue 26, area `catalog`): uploaded one file per
 * request (multipart, field `file`), told apart by their bytes (JPEG, PNG, WebP, AVIF), stored as
 * WebP; then alt text, colour, focal point, order and delete. Every change reaches the storefront
 * (product page, cards) at its commit.
 */

const MiB = 1_048_576;

export const PICTURE_LIMITS = {
  /** The file as uploaded. */
  maxBytes: 15 * MiB,
  /** Width × height of the upload, read from its header before any pixel is decoded. */
  maxPixels: 40_000_000,
  /** The stored WebP is at most this long on its long side. */
  maxSide: 2560,
  perProduct: 50,
  altMax: 300,
} as const;

/** The formats accepted, as sharp names them. */
export const PICTURE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;

/** A deleted picture content still shows: its file is kept, as a media library picture. */
const stillShown = (places: string[]) => `Still shown on ${places.join(', ')}; it stays in the media library`;

export const adminPictureMessages = {
  type: 'Pictures must be JPEG, PNG, WebP or AVIF images',
  tooLarge: `This file is too large: a picture can be at most ${PICTURE_LIMITS.maxBytes / MiB} MB`,
  tooManyPixels: `This picture has too many pixels: at most ${PICTURE_LIMITS.maxPixels / 1_000_000} megapixels`,
  unreadable: 'This file could not be read as a picture: it may be damaged or cut short',
  notMultipart: 'Send the picture as multipart/form-data, in the field "file"',
  oneFile: 'Send one picture per request',
  tooMany: `A product can have at most ${PICTURE_LIMITS.perProduct} pictures`,
  idempotencyKey: 'The Idempotency-Key header is 8 to 100 letters, digits, dots, dashes or underscores',
  pictureNotFound: 'Picture not found',
  orderSet: 'Send every picture of the product exactly once',
  orderChanged:
    'The pictures changed since you read them (someone added, removed or moved one). Reload them and try again',
  optionValue: 'Choose one of the product’s option values, or none for every variant',
  nothing: 'Send alt, option_value, focal_x or focal_y',
  uploaded: 'Picture added',
  saved: 'Picture saved',
  reordered: 'Pictures reordered',
  deleted: 'Picture deleted',
  stillShown,
  deletedStillShown: (places: string[]) => `Picture deleted. ${stillShown(places)}`,
} as const;

export const AdminPictureSchema = z.object({
  id: z.number().int(),
  /** The WebP under /media (the resizer serves /media/w_{width}/… of it). */
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The option value (a colour) this picture shows; null: every variant. */
  option_value: z.string().nullable(),
  focal_x: z.number(),
  focal_y: z.number(),
});
export type AdminPicture = z.infer<typeof AdminPictureSchema>;

export const AdminPicturesSchema = z.object({
  product_id: z.string(),
  /** In the order the shop shows them. */
  pictures: z.array(AdminPictureSchema),
  /** The product's options, for the colour a picture belongs to. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** Of an upload: the picture it made (or, retried, had made). */
  picture_id: z.number().int().optional(),
  /**
   * Of a delete: the pages, posts, slides, testimonials and templates still showing the deleted
   * picture (“Page: About us”); its file is then kept, in the media library once the Undo has passed.
   */
  still_shown: z.array(z.string()).optional(),
});
export type AdminPictures = z.infer<typeof AdminPicturesSchema>;

export const AdminPicturesParamsSchema = z.object({ id: identifierText(64) });
export const AdminPictureParamsSchema = z.object({
  id: identifierText(64),
  picture_id: z.coerce
    .number({ error: adminPictureMessages.pictureNotFound })
    .int({ error: adminPictureMessages.pictureNotFound })
    .min(1, { error: adminPictureMessages.pictureNotFound })
    .max(2_147_483_647, { error: adminPictureMessages.pictureNotFound }),
});

const focal = z.number({ error: 'A number from 0 to 1' }).min(0, { error: 'A number from 0 to 1' }).max(1, {
  error: 'A number from 0 to 1',
});

export const AdminPicturePatchSchema = z
  .object({
    alt: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .max(PICTURE_LIMITS.altMax, { error: messages.maxLength(PICTURE_LIMITS.altMax) }),
    ).optional(),
    option_value: z.string().trim().min(1).max(100).nullable().optional(),
    focal_x: focal.optional(),
    focal_y: focal.optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { error: adminPictureMessages.nothing });
export type AdminPicturePatch = z.output<typeof AdminPicturePatchSchema>;

const pictureIds = z.array(z.number().int().min(1)).max(PICTURE_LIMITS.perProduct * 2);

/**
 * The whole new order (every picture id once) and the order the owner saw: applied only while
 * the pictures are still in that order, else 409 (another upload, delete or reorder came first).
 */
export const AdminPictureOrderSchema = z.object({ order: pictureIds, expected: pictureIds }).strict();
export type AdminPictureOrder = z.output<typeof AdminPictureOrderSchema>;
