import { createHash } from 'node:crypto';
import {
  collectionCoverSvg,
  composedArtPath,
  heroSvg,
  makeProductArt,
  type HeroScene,
  type Piece,
} from './product-art/index.ts';

/** Which of the shop's products each home hero slide shows: clothes on a rail, ceramics on a shelf. */
const HERO_SCENES: Record<string, HeroScene> = { 'new-season': 'rail', 'studio-ceramics': 'shelf' };

/** A home hero slide's picture (1600 x 700 WebP): the shop's products, the left half kept calm for the heading. */
export async function makeHeroImage(mediaDir: string, name: string, from: string, to: string) {
  const scene = HERO_SCENES[name] ?? 'rail';
  return makeProductArt(
    mediaDir,
    composedArtPath('hero', `${name}-${from.slice(1)}-${to.slice(1)}`, () => heroSvg(scene, from, to)),
  );
}

/** Walls the collection covers are shot against, one per collection in turn. */
const COVER_WALLS = ['#e3e7dc', '#efe3d2', '#ead9d2', '#dde3ea', '#eee6cc', '#e6e0ea'];

/**
 * A collection's cover (600 x 800 WebP): a few of its own products on a table. Named by what it
 * shows, so a collection whose products change gets a new picture, not a stale cached one.
 */
export async function makeCollectionCover(mediaDir: string, slug: string, pieces: Piece[], index: number) {
  const wall = COVER_WALLS[index % COVER_WALLS.length]!;
  const key = createHash('sha1')
    .update(JSON.stringify([pieces, wall]))
    .digest('hex')
    .slice(0, 8);
  return makeProductArt(
    mediaDir,
    composedArtPath('collections', `${slug}-${key}`, () => collectionCoverSvg(pieces, wall)),
  );
}
