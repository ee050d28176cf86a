/** Drawing primitives shared by every product drawing, in a 400 x 400 design space. */

import { isLight, shade, tint } from './palette.ts';

/** Where a garment's weave goes: drawn only in the close-up (thousands of hairlines are slow to render and invisible smaller). */
export const WEAVE_MARK = '<!--weave-->';

export interface Drawing {
  /** The product itself. */
  body: string;
  /** Fine weave lines for the close-up. */
  weave?: string;
  /** Its outline, for the soft shadow it casts. */
  outline: string;
  /** Where the close-up looks: [x, y, size]. */
  focus: [number, number, number];
}

export const line = (d: string, colour: string, width = 2, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
export const seam = (d: string, colour: string) => line(d, colour, 1.6, 'stroke-dasharray="4 4" opacity="0.7"');
export const fold = (d: string, colour: string) => line(d, colour, 5, 'opacity="0.12"');

/** A fabric fill: lit from the left, falling off to the right, so flat shapes read as cloth. */
function fabricDefs(id: string, c: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="${shade(c, 0.14)}"/><stop offset="0.3" stop-color="${tint(c, 0.05)}"/><stop offset="0.7" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, 0.2)}"/></linearGradient>`;
}

/** Fine weave lines clipped to a shape: invisible in a thumbnail, fabric in the close-up. */
function weave(clipId: string, c: string, step = 6): string {
  let d = '';
  for (let y = 40; y < 400; y += step) d += `M0 ${y}h400`;
  return `<g clip-path="url(#${clipId})">${line(d, isLight(c) ? shade(c, 0.12) : tint(c, 0.1), 0.8, 'opacity="0.5"')}</g>`;
}

export function garment(
  outline: string,
  c: string,
  inner: string,
  focus: [number, number, number],
  extraDefs = '',
): Drawing {
  const defs = `<defs>${fabricDefs('fab', c)}<clipPath id="cut"><path d="${outline}"/></clipPath>${extraDefs}</defs>`;
  return {
    body: `${defs}<path d="${outline}" fill="url(#fab)"/>${WEAVE_MARK}${inner}`,
    weave: weave('cut', c),
    outline,
    focus,
  };
}

/** A glazed object: lit from the left, with a soft highlight stripe. */
export function glazeDefs(id: string, c: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(c, 0.22)}"/><stop offset="0.22" stop-color="${tint(c, 0.22)}"/><stop offset="0.34" stop-color="${tint(c, 0.06)}"/><stop offset="0.8" stop-color="${shade(c, 0.12)}"/><stop offset="1" stop-color="${shade(c, 0.3)}"/></linearGradient>`;
}
export function speckles(c: string, x0: number, y0: number, w: number, h: number, n = 40): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + ((i * 73) % w);
    const y = y0 + ((i * 131) % h);
    out += `<circle cx="${x}" cy="${y}" r="${1 + (i % 3) * 0.6}" fill="${shade(c, 0.55)}" opacity="0.55"/>`;
  }
  return out;
}

export function leaf(
  x: number,
  y: number,
  len: number,
  angle: number,
  width: number,
  fill: string,
  vein: string,
): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 Q${width} ${-len * 0.5} 0 ${-len} Q${-width} ${-len * 0.5} 0 0 Z" fill="${fill}"/>${line(`M0 0 L0 ${-len * 0.92}`, vein, 1.5, 'opacity="0.6"')}</g>`;
}
