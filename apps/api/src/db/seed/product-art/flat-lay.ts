/** Garments folded square, as shops show them in a flat-lay: the cut does not show, the cloth does. */

import { isLight, shade, stitch, tint } from './palette.ts';
import type { ArtKind } from './styles.ts';
import { fold, garment, line, seam, type Drawing } from './strokes.ts';

/** Styles that change the cloth itself (stripes, checks, prints, knit patterns), not just the cut. */
const PATTERNED: Partial<Record<ArtKind, string[]>> = {
  tee: ['stripe'],
  shirt: ['check', 'print'],
  knit: ['cable', 'fairisle'],
};

/** The cloth a garment style is made of: its close-up and folded picture depend on this only. */
export function fabricOf(kind: ArtKind, style: string): string {
  return PATTERNED[kind]?.includes(style) ? style : 'plain';
}

/** The cloth's pattern over the whole 400 x 400 area (clip it to a shape). */
function clothPattern(kind: ArtKind, fabric: string, c: string): string {
  if (fabric === 'stripe') {
    const band = isLight(c) ? '#2f3b5f' : '#f3efe6';
    let rows = '';
    for (let y = 0; y < 400; y += 26) rows += `<rect x="0" y="${y}" width="400" height="9" fill="${band}"/>`;
    return `<g opacity="0.9">${rows}</g>`;
  }
  if (fabric === 'check') {
    let d = '';
    for (let x = 20; x < 400; x += 28) d += `M${x} 0v400`;
    for (let y = 20; y < 400; y += 28) d += `M0 ${y}h400`;
    return line(d, shade(c, 0.35), 6, 'opacity="0.35"') + line(d, tint(c, 0.5), 1.2, 'opacity="0.5"');
  }
  if (fabric === 'print') {
    let dots = '';
    for (let y = 10; y < 400; y += 26)
      for (let x = (y / 26) % 2 ? 6 : 20; x < 400; x += 28)
        dots += `<path d="M${x} ${y - 6} l6 6 l-6 6 l-6 -6 Z" fill="${tint(c, 0.6)}"/>`;
    return `<g opacity="0.85">${dots}</g>`;
  }
  if (kind === 'knit') {
    let d = '';
    for (let row = 0; row < 36; row++) for (let x = (row % 2) * 5; x < 400; x += 10) d += `M${x} ${row * 11}l4 5l4 -5`;
    let out = line(d, shade(c, 0.2), 1.2, 'opacity="0.45"');
    if (fabric === 'cable') {
      let cd = '';
      for (const x of [150, 200, 250])
        for (let y = 0; y < 400; y += 24) cd += `M${x - 8} ${y}q16 12 0 24M${x + 8} ${y}q-16 12 0 24`;
      out += line(cd, shade(c, 0.3), 3, 'opacity="0.6"');
    }
    if (fabric === 'fairisle') {
      let fd = '';
      for (let x = 0; x < 400; x += 16) fd += `M${x} 200l8 -10l8 10l-8 10Z`;
      out += `<rect x="0" y="180" width="400" height="40" fill="${tint(c, 0.75)}"/><path d="${fd}" fill="${shade(c, 0.35)}"/>`;
    }
    return out;
  }
  return '';
}

/** A garment folded square, as shops show it in a flat-lay: the cut does not show, the cloth does. */
export function folded(kind: ArtKind, fabric: string, c: string): Drawing {
  const s = stitch(c);
  if (kind === 'trousers') {
    const outline = 'M128 96 L272 96 L276 322 L124 322 Z';
    return garment(
      outline,
      c,
      `<rect x="128" y="96" width="144" height="22" fill="${shade(c, 0.18)}"/>` +
        [150, 200, 250]
          .map((x) => `<rect x="${x - 4}" y="92" width="8" height="30" rx="2" fill="${shade(c, 0.28)}"/>`)
          .join('') +
        line('M140 130 Q160 150 152 176', shade(c, 0.3), 2) +
        fold('M128 220 L276 220', shade(c, 0.6)) +
        seam('M132 312 L268 312', s),
      [200, 130, 120],
    );
  }
  const outline =
    'M104 118 Q104 106 116 106 L284 106 Q296 106 296 118 L300 300 Q300 310 288 310 L112 310 Q100 310 100 300 Z';
  let collar =
    `<path d="M164 106 Q200 146 236 106 Z" fill="${shade(c, 0.45)}"/>` +
    line('M164 106 Q200 146 236 106', shade(c, 0.2), 7);
  if (kind === 'shirt')
    collar =
      `<path d="M160 106 L200 150 L178 166 L146 118 Z" fill="${tint(c, 0.06)}" stroke="${shade(c, 0.25)}" stroke-width="1.5"/>` +
      `<path d="M240 106 L200 150 L222 166 L254 118 Z" fill="${tint(c, 0.06)}" stroke="${shade(c, 0.25)}" stroke-width="1.5"/>` +
      line('M200 150 L200 310', shade(c, 0.25), 1.5) +
      [190, 240, 290].map((y) => `<circle cx="205" cy="${y}" r="4.2" fill="${tint(c, 0.7)}"/>`).join('');
  if (kind === 'dress')
    collar =
      `<path d="M172 106 Q200 150 228 106 Z" fill="${shade(c, 0.45)}"/>` +
      line('M110 200 Q200 210 290 200', shade(c, 0.3), 3);
  const rib =
    kind === 'knit'
      ? `<rect x="100" y="284" width="200" height="26" fill="${shade(c, 0.12)}"/>` +
        line(Array.from({ length: 28 }, (_, i) => `M${106 + i * 7} 286v22`).join(''), shade(c, 0.35), 2)
      : seam('M106 300 L294 300', s);
  return garment(
    outline,
    c,
    `<g clip-path="url(#cut)">${clothPattern(kind, fabric, c)}</g>` +
      fold('M100 180 L300 180', shade(c, 0.6)) +
      line('M100 118 L120 300 M300 118 L280 300', shade(c, 0.35), 2, 'opacity="0.35"') +
      collar +
      rib,
    [200, 210, 150],
  );
}
