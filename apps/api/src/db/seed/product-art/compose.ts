/**
 * Several products in one picture: the drawings of the product pages, placed on a wall and a
 * table (collection covers) or on a rail and a shelf (home hero), at sizes true to each other.
 */

import { fabricOf, folded } from './flat-lay.ts';
import { ART_COLOURS, mix, shade, tint } from './palette.ts';
import { APPAREL, DRAW } from './scene.ts';
import type { ArtKind } from './styles.ts';
import { line, WEAVE_MARK, type Drawing } from './strokes.ts';

/** One product in a composed picture: its kind, drawing style and Colour value. */
export interface Piece {
  kind: ArtKind;
  style: string;
  colour: string;
  /** Clothing folded square (as on a shop table) instead of on its hanger. */
  folded?: boolean;
}

/**
 * Where each drawing's ink lies in the 400 x 400 design space ([x0, y0, x1, y1], measured by
 * rendering): what a piece is scaled and stood on by. Per kind, with the styles that differ.
 */
const BOX: Record<string, [number, number, number, number]> = {
  tee: [54, 64, 346, 340],
  shirt: [50, 59, 350, 344],
  'shirt/band': [50, 59, 350, 376],
  dress: [70, 60, 331, 377],
  'dress/maxi': [70, 60, 331, 401],
  'dress/tunic': [94, 60, 306, 343],
  trousers: [100, 60, 300, 378],
  knit: [46, 61, 354, 346],
  folded: [97, 102, 303, 310],
  'folded/trousers': [124, 92, 279, 322],
  mug: [134, 135, 329, 309],
  'mug/cup': [89, 186, 311, 323],
  'mug/tall': [128, 84, 329, 309],
  'mug/kulhad': [134, 135, 266, 315],
  bowl: [90, 171, 310, 320],
  'bowl/plate': [50, 182, 350, 306],
  'bowl/nesting': [80, 184, 320, 350],
  lamp: [108, 90, 292, 340],
  'lamp/desk': [76, 70, 300, 354],
  cushion: [84, 95, 316, 305],
  'cushion/throw': [64, 150, 336, 317],
  plant: [83, 75, 308, 350],
  'plant/snake': [118, -5, 279, 350],
  'plant/monstera': [30, -10, 359, 350],
  'plant/palm': [9, 38, 391, 350],
  planter: [104, 94, 296, 336],
  'planter/cube': [110, 94, 290, 330],
  'planter/cylinder': [124, 94, 276, 340],
  bag: [102, 54, 298, 340],
  'bag/backpack': [112, 42, 288, 346],
  'bag/sling': [100, 80, 300, 310],
  'bag/weekender': [70, 75, 330, 333],
  cap: [96, 120, 352, 276],
  'cap/bucket': [50, 121, 350, 300],
  'cap/beanie': [104, 76, 296, 266],
  bottle: [138, 66, 262, 340],
  'bottle/flask': [138, 41, 262, 340],
  'bottle/glass': [154, 60, 246, 346],
  'bottle/clay': [108, 66, 292, 352],
};

/** Roughly how tall each piece stands, in cm: what keeps a mug smaller than a plant beside it. */
const HEIGHT_CM: Record<string, number> = {
  folded: 26,
  tee: 70,
  shirt: 75,
  dress: 100,
  trousers: 100,
  knit: 70,
  mug: 10,
  'mug/cup': 7,
  'mug/tall': 15,
  bowl: 9,
  'bowl/plate': 6,
  'bowl/nesting': 12,
  lamp: 45,
  cushion: 40,
  'cushion/throw': 14,
  plant: 50,
  'plant/palm': 70,
  'plant/monstera': 65,
  planter: 22,
  bag: 38,
  cap: 13,
  bottle: 27,
};

/** Styles that cannot stand on a table (hanging from the ceiling, trailing over a sill) draw as the classic one. */
const TABLE_STYLE: Record<string, string> = {
  'lamp/pendant': 'classic',
  'lamp/floor': 'classic',
  'plant/trailing': 'classic',
  'planter/hanging': 'classic',
};

function keyOf(p: Piece): { key: string; style: string } {
  const style = TABLE_STYLE[`${p.kind}/${p.style}`] ?? p.style;
  if (p.folded && APPAREL.has(p.kind)) return { key: p.kind === 'trousers' ? 'folded/trousers' : 'folded', style };
  return { key: `${p.kind}/${style}`, style };
}

function lookup<T>(table: Record<string, T>, p: Piece): T | undefined {
  const { key } = keyOf(p);
  return table[key] ?? table[key.split('/')[0]!];
}

/** How tall a piece is drawn, in px, when `unit` px is the height of a 10 cm mug. */
export function pieceHeight(p: Piece, unit: number): number {
  // Sizes compressed (cm^0.7): a stylist puts the small things in front, so a mug still reads
  // next to a plant five times its height.
  return unit * ((lookup(HEIGHT_CM, p) ?? 30) / 10) ** 0.7;
}

/** The width a piece takes when drawn `height` px tall. */
export function pieceWidth(p: Piece, height: number): number {
  const [x0, y0, x1, y1] = lookup(BOX, p)!;
  return ((x1 - x0) * height) / (y1 - y0);
}

function drawingOf(p: Piece): Drawing {
  const { style } = keyOf(p);
  const c = (ART_COLOURS[p.colour] ?? ART_COLOURS.Ivory!)[0];
  return p.folded && APPAREL.has(p.kind) ? folded(p.kind, fabricOf(p.kind, style), c) : DRAW[p.kind](style, c);
}

/** Gives a drawing's ids (gradients, clip paths) a suffix: several drawings share one document. */
function scoped(svg: string, suffix: string): string {
  return svg.replace(/id="([\w-]+)"/g, `id="$1-${suffix}"`).replace(/url\(#([\w-]+)\)/g, `url(#$1-${suffix})`);
}

/**
 * A piece drawn `height` px tall, its base centred on (x, groundY), with a soft contact shadow.
 * `id` must be unique in the document. `hang` hangs it from (x, groundY) instead: clothes on a rail.
 */
export function placePiece(
  p: Piece,
  id: string,
  x: number,
  groundY: number,
  height: number,
  opts: { hang?: boolean; turn?: number } = {},
): string {
  const [x0, y0, x1, y1] = lookup(BOX, p)!;
  const s = height / (y1 - y0);
  const cx = (x0 + x1) / 2;
  const anchorY = opts.hang ? y0 : y1;
  const d = drawingOf(p);
  const body = scoped(d.body.replace(WEAVE_MARK, ''), id);
  const turn = opts.turn ? ` rotate(${opts.turn} ${cx} ${anchorY})` : '';
  const place = `translate(${r(x - s * cx)} ${r(groundY - s * anchorY)}) scale(${r(s, 4)})${turn}`;
  const w = (x1 - x0) * s;
  const shadow = opts.hang
    ? `<path d="${d.outline}" fill="#000" opacity="0.1" transform="${place} translate(8 10)"/>`
    : `<ellipse cx="${r(x)}" cy="${r(groundY)}" rx="${r(w * 0.56)}" ry="${r(Math.max(6, w * 0.07))}" fill="url(#pool)"/>`;
  return `${shadow}<g transform="${place}">${body}</g>`;
}

const r = (v: number, digits = 1) => Number(v.toFixed(digits));

/** The soft round shadow `placePiece` puts under things. */
export const POOL_DEF = `<radialGradient id="pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.26"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

/** A painted wall lit from the upper left, with a window's light falling on it. */
export function wall(w: number, h: number, colour: string, light: { x: number; width: number }): string {
  return (
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(colour, 0.18)}"/><stop offset="1" stop-color="${shade(colour, 0.08)}"/></linearGradient>` +
    `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>${POOL_DEF}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
    `<path d="M${light.x} 0 h${light.width} l${light.width * 0.5} ${h} h-${light.width} Z" fill="url(#sun)"/>`
  );
}

/** A wooden table top from `top` down to the bottom edge, its front edge and grain. */
export function woodTable(w: number, h: number, top: number, wood = '#c49a6c'): string {
  let grain = '';
  for (let y = top + 14; y < h; y += 16) grain += `M0 ${y} Q${w * 0.3} ${y + 5} ${w * 0.6} ${y - 3} T${w} ${y + 2}`;
  return (
    `<rect x="0" y="${top}" width="${w}" height="${h - top}" fill="${wood}"/>` +
    `<rect x="0" y="${top}" width="${w}" height="6" fill="${tint(wood, 0.25)}"/>` +
    line(grain, shade(wood, 0.2), 1.6, 'opacity="0.35"')
  );
}

/** A linen cloth laid over the table: pale, with soft creases. */
export function linenTable(w: number, h: number, top: number, linen = '#ece4d6'): string {
  return (
    `<rect x="0" y="${top}" width="${w}" height="${h - top}" fill="${linen}"/>` +
    `<rect x="0" y="${top}" width="${w}" height="5" fill="${tint(linen, 0.4)}"/>` +
    line(`M0 ${top + 60} Q${w * 0.4} ${top + 40} ${w} ${top + 80}`, shade(linen, 0.12), 10, 'opacity="0.35"') +
    line(`M0 ${top + 150} Q${w * 0.6} ${top + 180} ${w} ${top + 140}`, tint(linen, 0.5), 8, 'opacity="0.6"')
  );
}

/** The wall colour a set of pieces is shot against: their first backdrop, warmed a little. */
export function wallFor(pieces: Piece[]): string {
  const backdrop = (ART_COLOURS[pieces[0]?.colour ?? 'Ivory'] ?? ART_COLOURS.Ivory!)[1];
  return mix(backdrop, '#e6d9c6', 0.35);
}
