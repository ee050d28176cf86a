/**
 * One product's gallery pictures: the drawing of its kind placed in a view (studio packshot,
 * close-up, styled scene on a surface with props, second packshot on a deeper backdrop).
 */

import { bag, bottle, cap } from './accessories.ts';
import { dress, knit, shirt, tee, trousers } from './clothing.ts';
import { fabricOf, folded } from './flat-lay.ts';
import { plant, planter } from './garden.ts';
import { bowl, cushion, lamp, mug } from './home.ts';
import { ART_COLOURS, mix, shade, tint } from './palette.ts';
import type { ArtKind, ArtView } from './styles.ts';
import { leaf, line, WEAVE_MARK, type Drawing } from './strokes.ts';

/** Every kind's drawing: `(style, colour hex)` in the 400 x 400 design space. */
export const DRAW: Record<ArtKind, (style: string, colour: string) => Drawing> = {
  tee,
  shirt,
  dress,
  trousers,
  knit,
  mug,
  bowl,
  lamp,
  cushion,
  plant,
  planter,
  bag,
  cap,
  bottle,
};

// ---------------------------------------------------------------------------------------------
// Scenes

export const APPAREL = new Set<ArtKind>(['tee', 'shirt', 'dress', 'trousers', 'knit']);

/** The packshot's crop per kind (x y size): the product fills most of the frame, as in a real shop. */
const FRAME: Record<ArtKind, string> = {
  tee: '10 16 380 380',
  shirt: '10 18 380 380',
  dress: '10 30 380 380',
  trousers: '10 30 380 380',
  knit: '10 18 380 380',
  mug: '60 70 300 300',
  bowl: '40 60 320 320',
  lamp: '30 30 340 340',
  cushion: '40 40 320 320',
  plant: '0 0 400 400',
  planter: '50 40 300 300',
  bag: '40 40 320 320',
  cap: '50 60 300 300',
  bottle: '50 50 300 300',
};

/** A plain studio backdrop: a faint vignette and the product's soft shadow. */
function studio(backdrop: string, d: Drawing, floor: boolean): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(backdrop, 0.45)}"/><stop offset="1" stop-color="${shade(backdrop, 0.04)}"/></linearGradient>` +
    `<radialGradient id="pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect x="-400" y="-400" width="1200" height="1200" fill="url(#bg)"/>` +
    (floor
      ? `<rect x="-400" y="318" width="1200" height="600" fill="${shade(backdrop, 0.05)}"/><ellipse cx="200" cy="342" rx="150" ry="22" fill="url(#pool)"/>`
      : `<path d="${d.outline}" fill="#000" opacity="0.09" transform="translate(7 11)"/>`)
  );
}

/** Wood, linen or stone to lay things on, with a few props a stylist would add. */
function surface(kind: ArtKind, backdrop: string): string {
  let out = '';
  if (APPAREL.has(kind) || kind === 'cushion') {
    // Pale linen, with two soft creases.
    const base = mix(backdrop, '#efe8dc', 0.6);
    out +=
      `<rect x="-400" y="-400" width="1200" height="1200" fill="${base}"/>` +
      line('M-20 90 Q160 130 420 60', shade(base, 0.1), 14, 'opacity="0.35"') +
      line('M-20 330 Q200 300 420 350', tint(base, 0.4), 12, 'opacity="0.6"');
  } else if (kind === 'plant' || kind === 'planter') {
    // A windowsill: wall, window light, sill.
    out +=
      `<rect x="-400" y="-400" width="1200" height="1200" fill="${mix(backdrop, '#e9e4da', 0.5)}"/>` +
      `<rect x="40" y="-400" width="230" height="690" fill="#ffffff" opacity="0.5"/>` +
      line('M155 -400 L155 290 M40 120 L270 120', '#d8d0c2', 8) +
      `<rect x="-400" y="300" width="1200" height="600" fill="#e6dccb"/><rect x="-400" y="300" width="1200" height="10" fill="#d4c8b4"/>`;
  } else {
    // A warm wooden table against a plain wall.
    let grain = '';
    for (let y = 300; y < 800; y += 18) grain += `M-400 ${y} Q0 ${y + 6} 400 ${y - 4} T1200 ${y}`;
    out +=
      `<rect x="-400" y="-400" width="1200" height="1200" fill="${mix(backdrop, '#ece6dc', 0.5)}"/>` +
      `<rect x="-400" y="290" width="1200" height="600" fill="#c89f74"/>` +
      line(grain, '#a87c52', 2, 'opacity="0.4"') +
      `<rect x="-400" y="290" width="1200" height="8" fill="#b88c60"/>`;
  }
  return out;
}

function props(kind: ArtKind): string {
  const sprig = (x: number, y: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a})">${line('M0 0 L0 -110', '#5d7b57', 2.5)}${[0.2, 0.4, 0.6, 0.8]
      .map(
        (t) =>
          leaf(0, -110 * t, 26, 60, 9, '#88a67d', '#5d7b57') + leaf(0, -110 * t - 8, 26, -60, 9, '#7a9a70', '#5d7b57'),
      )
      .join('')}</g>`;
  if (APPAREL.has(kind) || kind === 'cushion')
    return (
      sprig(350, 390, -30) +
      `<g transform="translate(62 330) rotate(-18)"><circle cx="-22" cy="0" r="18" fill="#2b2b2b" opacity="0.85"/><circle cx="22" cy="0" r="18" fill="#2b2b2b" opacity="0.85"/>${line('M-4 -2 Q0 -8 4 -2', '#2b2b2b', 3)}</g>` +
      `<rect x="300" y="20" width="80" height="56" rx="3" fill="#fbf8f2" transform="rotate(8 340 48)"/>`
    );
  if (kind === 'plant' || kind === 'planter') return '';
  return (
    sprig(340, 300, 12) +
    `<rect x="24" y="250" width="96" height="44" rx="3" fill="#3f5a4f"/><rect x="30" y="232" width="86" height="20" rx="2" fill="#d9cbb0"/>`
  );
}

/**
 * The style a view actually draws: clothing's close-up and flat-lay show the garment folded, so
 * only its cloth matters there (a V-neck and a crew tee in Sage share those two pictures).
 */
export function artStyleFor(kind: ArtKind, style: string, view: ArtView): string {
  return APPAREL.has(kind) && view !== 'front' ? fabricOf(kind, style) : style;
}

/**
 * One demo picture as an SVG document, `size` px square. The same drawing gives four pictures:
 * the packshot, a close-up of its best detail, a styled scene and a second packshot.
 */
export function productArtSvg(kind: ArtKind, style: string, colourName: string, view: ArtView, size = 640): string {
  const [c, backdrop] = ART_COLOURS[colourName] ?? ART_COLOURS.Ivory!;
  const drawn = APPAREL.has(kind) && view !== 'front' ? folded(kind, fabricOf(kind, style), c) : DRAW[kind](style, c);
  const d = { ...drawn, body: drawn.body.replace(WEAVE_MARK, view === 'detail' ? (drawn.weave ?? '') : '') };
  const floor = !APPAREL.has(kind) && kind !== 'cushion';
  let viewBox = FRAME[kind];
  let content: string;
  if (view === 'detail') {
    const [fx, fy, focus] = d.focus;
    const fs = focus * 1.7;
    viewBox = `${fx - fs / 2} ${fy - fs / 2} ${fs} ${fs}`;
    content = studio(backdrop, d, floor) + d.body;
  } else if (view === 'scene') {
    // Smaller, turned a little, off centre: laid on a surface among props.
    viewBox = '0 0 400 400';
    const turn = APPAREL.has(kind) || kind === 'cushion' ? -8 : 0;
    const shift = floor ? 'translate(40 24) scale(0.82)' : 'translate(34 40) scale(0.8)';
    content =
      surface(kind, backdrop) +
      props(kind) +
      `<g transform="${shift} rotate(${turn} 200 200)">` +
      (floor
        ? `<ellipse cx="200" cy="340" rx="140" ry="16" fill="#000" opacity="0.14"/>`
        : `<path d="${d.outline}" fill="#000" opacity="0.12" transform="translate(6 9)"/>`) +
      d.body +
      '</g>';
  } else if (view === 'alt') {
    // A second packshot on a deeper backdrop, turned slightly, so the gallery is not all one look.
    const deep = mix(backdrop, c, 0.22);
    content =
      studio(deep, d, floor) +
      `<g transform="translate(200 200) rotate(-6) scale(0.9) translate(-200 -200)">${d.body}</g>`;
  } else {
    content = studio(backdrop, d, floor) + d.body;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${viewBox}">${content}</svg>`;
}
