/**
 * Demo catalogue art: products drawn as what they are (a tee, a shirt, a midi dress, a mug…) in
 * the variant's colour, as SVG that sharp renders at seed time. No fonts, no filters, no
 * downloads: flat shapes with gradients and a few stitch lines, so a render takes milliseconds.
 *
 * Every picture is `art(kind, style, colour, view)`: the kind comes from the category, the style
 * from words in the product's name (a V-neck, a striped Breton, a wide-leg trouser), the colour
 * from the variant, the view from the gallery position (packshot, close-up, styled scene…).
 *
 * The modules: palette (colours), styles (kinds, views, styles from names), strokes (drawing
 * primitives), one per family of drawings (clothing, flat-lay, home, garden, accessories), scene
 * (a product's gallery views), compose (several products in one hero or cover picture) and render
 * (WebP files and the per-user cache).
 */

export { ART_COLOURS } from './palette.ts';
export { artStyle, type ArtKind, type ArtView } from './styles.ts';
export { artStyleFor } from './scene.ts';
export { ART_SIZE, composedArtPath, makeProductArt, productArtPath } from './render.ts';
export type { Piece } from './compose.ts';
export { collectionCoverSvg, heroSvg, type HeroScene } from './showcase.ts';
