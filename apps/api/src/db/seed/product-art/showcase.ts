/**
 * The composed pictures: a collection's cover (a few of its own products on a table) and the home
 * hero's slides (clothes on a rail, ceramics on a shelf), each leaving room for the text a page
 * lays over it.
 */

import { linenTable, pieceHeight, pieceWidth, placePiece, wall, woodTable, type Piece } from './compose.ts';
import { mix, shade, tint } from './palette.ts';
import { APPAREL } from './scene.ts';
import { line } from './strokes.ts';

const svgDoc = (w: number, h: number, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${content}</svg>`;

/**
 * A collection's cover, `w` x `h` (portrait): up to four of its products in a row on a table
 * against a wall of `wallColour`, the tallest in the middle and set back, all in the upper two
 * thirds (the tile writes the collection's name over the bottom).
 */
export function collectionCoverSvg(pieces: Piece[], wallColour: string, w = 600, h = 800): string {
  const shown = pieces.slice(0, 4).map((p) => (APPAREL.has(p.kind) ? { ...p, folded: true } : p));
  const soft = shown.filter((p) => APPAREL.has(p.kind) || p.kind === 'cushion').length * 2 > shown.length;
  const top = Math.round(h * 0.64);
  // By height, then laid out tallest in the middle: [3rd, 1st, 2nd, 4th].
  const byHeight = shown
    .map((p, i) => ({ p, i }))
    .sort((a, b) => pieceHeight(b.p, 1) - pieceHeight(a.p, 1) || a.i - b.i)
    .map((o) => o.p);
  const row = [byHeight[2], byHeight[0], byHeight[1], byHeight[3]].filter((p): p is Piece => p !== undefined);
  const overlap = w * 0.03;
  const rowWidth = (unit: number) =>
    row.reduce((sum, p) => sum + pieceWidth(p, pieceHeight(p, unit)), 0) - overlap * (row.length - 1);
  const tallest = pieceHeight(byHeight[0]!, 1);
  let unit = (h * 0.5) / tallest;
  while (rowWidth(unit) > w * 0.94) unit *= 0.96;

  const depth = (p: Piece) => (p === byHeight[0] ? 0 : p === byHeight[1] ? 1 : 2);
  let x = w / 2 - rowWidth(unit) / 2;
  const placed = row.map((p, i) => {
    const pw = pieceWidth(p, pieceHeight(p, unit));
    const at = { p, i, x: x + pw / 2, ground: top + h * (0.035 + 0.03 * depth(p)) };
    x += pw - overlap;
    return at;
  });
  let out =
    wall(w, h, wallColour, { x: w * 0.08, width: w * 0.3 }) + (soft ? linenTable(w, h, top) : woodTable(w, h, top));
  // The ones further back first: the front ones overlap them.
  for (const at of [...placed].sort((a, b) => a.ground - b.ground))
    out += placePiece(at.p, `c${at.i}`, at.x, at.ground, pieceHeight(at.p, unit));
  return svgDoc(w, h, out);
}

/** A brass clothes rail from x0 to x1 at height y, standing on the floor at `floor`. */
function rail(x0: number, x1: number, y: number, floor: number): string {
  const brass = '#b98b3e';
  return (
    `<defs><linearGradient id="brass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(brass, 0.45)}"/><stop offset="1" stop-color="${shade(brass, 0.25)}"/></linearGradient></defs>` +
    `<rect x="${x0}" y="${y - 6}" width="${x1 - x0}" height="12" rx="6" fill="url(#brass)"/>` +
    `<rect x="${x0 + 8}" y="${y}" width="10" height="${floor - y}" fill="url(#brass)"/>` +
    `<rect x="${x1 - 18}" y="${y}" width="10" height="${floor - y}" fill="url(#brass)"/>` +
    `<rect x="${x0 - 20}" y="${floor - 8}" width="58" height="10" rx="4" fill="${shade(brass, 0.2)}"/>` +
    `<rect x="${x1 - 38}" y="${floor - 8}" width="58" height="10" rx="4" fill="${shade(brass, 0.2)}"/>`
  );
}

/** A wooden hanger on the rail at x, its shoulders `span` wide at `shoulderY`. */
function hanger(x: number, railY: number, shoulderY: number, span: number): string {
  return (
    line(`M${x} ${railY - 6} q-12 0 -12 12 q0 10 12 12 L${x} ${shoulderY - 14}`, '#8a8a8a', 3) +
    line(`M${x - span / 2} ${shoulderY} Q${x} ${shoulderY - 30} ${x + span / 2} ${shoulderY}`, '#a0744a', 9)
  );
}

/** A floor of pale boards from `top` down. */
function boards(w: number, h: number, top: number, colour: string): string {
  let joints = '';
  for (let x = -40; x < w; x += 180) joints += `M${x} ${top} L${x - 60} ${h}`;
  return (
    `<rect x="0" y="${top}" width="${w}" height="${h - top}" fill="${colour}"/>` +
    `<rect x="0" y="${top}" width="${w}" height="10" fill="${shade(colour, 0.12)}"/>` +
    line(joints, shade(colour, 0.15), 2, 'opacity="0.5"')
  );
}

/** A floating shelf with its bracket shadow, from x0 to x1 at height y. */
function shelf(x0: number, x1: number, y: number, wood: string): string {
  return (
    `<rect x="${x0}" y="${y}" width="${x1 - x0}" height="16" fill="${wood}"/>` +
    `<rect x="${x0}" y="${y}" width="${x1 - x0}" height="4" fill="${tint(wood, 0.3)}"/>` +
    `<rect x="${x0 + 6}" y="${y + 16}" width="${x1 - x0 - 12}" height="12" fill="#000" opacity="0.08"/>`
  );
}

export type HeroScene = 'rail' | 'shelf';

/**
 * A home hero slide, `w` x `h`: the shop's products on the right, the left half kept calm for the
 * heading (a phone crops to the middle, where the first products stand). `from` / `to`: the
 * slide's colours, which tint the wall.
 */
export function heroSvg(scene: HeroScene, from: string, to: string, w = 1600, h = 700): string {
  const wallColour = mix(tint(to, 0.55), '#efe7da', 0.35);
  const sx = (v: number) => (v * w) / 1600;
  const sy = (v: number) => (v * h) / 700;
  let out = wall(w, h, wallColour, { x: sx(120), width: sx(380) });
  // The products' x in design units: a phone shows about 560..1040 of them, a desktop all of 720..1600.
  const px = (v: number) => sx(v - 80);
  if (scene === 'rail') {
    const floor = sy(600);
    const railY = sy(96);
    out += boards(w, h, floor, '#d9c3a2') + rail(px(800), px(1380), railY, floor);
    const hung: [Piece, number, number][] = [
      [{ kind: 'shirt', style: 'camp', colour: 'Ivory' }, 900, 300],
      [{ kind: 'dress', style: 'tiered', colour: 'Terracotta' }, 1050, 390],
      [{ kind: 'shirt', style: 'band', colour: 'Sky' }, 1180, 330],
      [{ kind: 'tee', style: 'stripe', colour: 'Ivory' }, 1300, 270],
    ];
    hung.forEach(([p, x, height], i) => {
      out += hanger(px(x), railY, railY + sy(40), sx(190));
      out += placePiece(p, `h${i}`, px(x), railY + sy(34), sy(height), { hang: true });
    });
    out +=
      placePiece({ kind: 'plant', style: 'monstera', colour: 'Sage' }, 'p0', px(1500), floor + sy(20), sy(330)) +
      placePiece({ kind: 'bag', style: 'classic', colour: 'Mustard' }, 'b0', px(1330), floor + sy(40), sy(170)) +
      placePiece({ kind: 'cap', style: 'bucket', colour: 'Sage' }, 'c0', px(1140), floor + sy(52), sy(80));
  } else {
    const table = sy(520);
    const shelfY = sy(250);
    out += woodTable(w, h, table, '#b98a5e') + shelf(px(780), px(1560), shelfY, '#a9774b');
    const onShelf: [Piece, number, number][] = [
      [{ kind: 'bowl', style: 'nesting', colour: 'Sage' }, 880, 120],
      [{ kind: 'mug', style: 'tall', colour: 'Charcoal' }, 1030, 130],
      [{ kind: 'planter', style: 'classic', colour: 'Terracotta' }, 1170, 150],
      [{ kind: 'mug', style: 'cup', colour: 'Sky' }, 1330, 80],
      [{ kind: 'bottle', style: 'clay', colour: 'Rust' }, 1470, 160],
    ];
    onShelf.forEach(([p, x, height], i) => (out += placePiece(p, `s${i}`, px(x), shelfY + sy(4), sy(height))));
    const onTable: [Piece, number, number, number][] = [
      [{ kind: 'bowl', style: 'plate', colour: 'Ivory' }, 930, 24, 110],
      [{ kind: 'mug', style: 'classic', colour: 'Terracotta' }, 900, 40, 150],
      [{ kind: 'mug', style: 'kulhad', colour: 'Mustard' }, 1060, 50, 120],
      [{ kind: 'bowl', style: 'classic', colour: 'Indigo' }, 1220, 36, 140],
      [{ kind: 'mug', style: 'classic', colour: 'Sage' }, 1390, 54, 150],
      [{ kind: 'plant', style: 'snake', colour: 'Charcoal' }, 1520, 20, 300],
    ];
    onTable.forEach(([p, x, dy, height], i) => (out += placePiece(p, `t${i}`, px(x), table + sy(dy), sy(height))));
  }
  return svgDoc(w, h, out);
}
