import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { colourNames } from './catalog-data.ts';
import { ART_COLOURS } from './product-art/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A swatch for every demo colour, the colour its pictures are drawn in (ART_COLOURS), so the
 * Colour filter and the product pages show the same shade as the photos.
 */
export async function seedSwatches(tx: Tx): Promise<void> {
  await tx.insert(t.optionSwatches).values(
    colourNames.map((value) => {
      const art = ART_COLOURS[value];
      if (!art) throw new Error(`No picture colour for the demo colour ${value}`);
      return { optionName: 'Colour', value, colour: art[0].toLowerCase() };
    }),
  );
}
