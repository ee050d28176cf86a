import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { HexColourSchema } from './admin.ts';
import { catalogText } from './catalog.ts';

/** Texts of the owner's swatch endpoints (/api/admin/swatches). */
export const swatchMessages = {
  saved: 'Swatch saved',
  removed: 'Swatch removed',
  notFound: 'No swatch is set for this value',
} as const;

/** Longest option name or value a swatch may name (as long as a filter value may be). */
export const SWATCH_TEXT_MAX = 100;

/**
 * A hex colour, #rgb or #rrggbb in either case, answered as #rrggbb in lower case (what the
 * table keeps and what pages draw).
 */
export const swatchColour = HexColourSchema.transform((h) =>
  h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h,
);

const swatchText = z.string({ error: messages.required }).trim().pipe(catalogText(SWATCH_TEXT_MAX));

/** Which option value a swatch belongs to: compared without regard to case ("colour" = "Colour"). */
export const SwatchKeySchema = z.object({
  option_name: swatchText.describe('The option, e.g. Colour'),
  value: swatchText.describe('The option value, e.g. Indigo'),
});

/** PUT /api/admin/swatches: sets (adds or replaces) the swatch of one option value. */
export const SwatchSetBodySchema = SwatchKeySchema.extend({
  colour: swatchColour.describe('#rrggbb (or #rgb)'),
}).strict();
export type SwatchSetBody = z.input<typeof SwatchSetBodySchema>;

export const OptionSwatchSchema = z.object({
  option_name: z.string(),
  value: z.string(),
  /** #rrggbb, lower case. */
  colour: z.string(),
  updated_at: z.string(),
});
export type OptionSwatch = z.infer<typeof OptionSwatchSchema>;

export const OptionSwatchListSchema = z.object({ swatches: z.array(OptionSwatchSchema) });
export type OptionSwatchList = z.infer<typeof OptionSwatchListSchema>;
