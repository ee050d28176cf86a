import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';
import { shopImageUrl } from './admin.ts';
import { knownSetupKeys } from './admin-setup.ts';

/**
 * Search and sharing (issue 25): how the home page shows in a search result and as a shared link.
 * The home page's title and description (the storefront's `meta`), the picture of a shared link
 * (`social_sharing_image`) and the browser tab's icon (`favicon`) of the default storefront.
 */

/** What search engines show before cutting off: longer text is refused, not cut. */
export const SEO_LIMITS = { title: 70, description: 160 } as const;

export const searchSharingMessages = {
  saved: 'Search and sharing saved',
  uploaded: 'Picture ready: save to use it',
  kind: 'The picture is the sharing picture (social) or the favicon (favicon)',
} as const;

/** What an uploaded picture becomes: the shared link's picture, or the icons of the browser tab. */
export const SHARING_PICTURE = {
  /** Facebook's, LinkedIn's and WhatsApp's large preview (1.91:1), as JPEG. */
  social: { width: 1200, height: 630 },
  /** Square PNGs: the tab's icon and the phone's home-screen icon (180: apple-touch-icon). */
  faviconSizes: [32, 180],
} as const;

/** POST /api/admin/search-sharing/pictures/:kind */
export const SearchSharingPictureParamsSchema = z.object({
  kind: z.enum(['social', 'favicon'], { error: searchSharingMessages.kind }),
});

/** The uploaded picture's address, for the form's field (saved with the PUT). */
export const SearchSharingPictureSchema = z.object({ url: z.string() });

const line = (max: number) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .max(max, { error: messages.maxLength(max) }),
  );

/** PUT /api/admin/search-sharing: every field (an empty title or description: the shop's name, no description). */
export const SearchSharingBodySchema = knownSetupKeys({
  /** The home page's title (empty: the store name). */
  title: line(SEO_LIMITS.title),
  /** The home page's meta description. */
  description: line(SEO_LIMITS.description),
  /** The picture of a shared link: a /media/… path or an https:// address (null: none). */
  social_sharing_image: shopImageUrl.nullable().default(null),
  /** The browser tab's icon, a square PNG or SVG (null: the shop's initial on its colour). */
  favicon: shopImageUrl.nullable().default(null),
});
export type SearchSharingBody = z.input<typeof SearchSharingBodySchema>;

/** GET /api/admin/search-sharing: the values as saved, and what the preview needs. */
export const SearchSharingSchema = z.object({
  title: z.string(),
  description: z.string(),
  social_sharing_image: z.string().nullable(),
  favicon: z.string().nullable(),
  /** The store name: the title shoppers see when `title` is empty. */
  store_name: z.string(),
  /** The shop's address (the store_url setting; null: not set, the panel shows its own). */
  store_url: z.string().nullable(),
});
export type SearchSharing = z.infer<typeof SearchSharingSchema>;
