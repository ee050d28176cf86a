/**
 * Demo catalogue art: products drawn as what they are (a tee, a shirt, a midi dress, a mug…) in
 * the variant's colour, as SVG that sharp renders at seed time. No fonts, no filters, no
 * downloads: flat shapes with gradients and a few stitch lines, so a render takes milliseconds.
 *
 * Every picture is `art(kind, style, colour, view)`: the kind comes from the category, the style
 * from words in the product's name (a V-neck, a striped Breton, a wide-leg trouser), the colour
 * from the variant, the view from the gallery position (packshot, close-up, styled scene…).
 */

export type ArtKind =
  | 'tee'
  | 'shirt'
  | 'dress'
  | 'trousers'
  | 'knit'
  | 'mug'
  | 'bowl'
  | 'lamp'
  | 'cushion'
  | 'plant'
  | 'planter'
  | 'bag'
  | 'cap'
  | 'bottle';

/** front: studio packshot · detail: close-up · scene: styled on a surface · alt: second packshot. */
export type ArtView = 'front' | 'detail' | 'scene' | 'alt';

/** Colour name → [the product's colour, the studio backdrop it is shot on]. */
export const ART_COLOURS: Record<string, [string, string]> = {
  Indigo: ['#34457a', '#e4e7f1'],
  Sage: ['#8ea889', '#eef2ea'],
  Rust: ['#b0532c', '#f6ebe3'],
  Ivory: ['#efe7d6', '#e3e6e8'],
  Charcoal: ['#3b3d40', '#ecebe8'],
  Mustard: ['#d4a02c', '#f5f0e4'],
  Terracotta: ['#bf6a43', '#f4ece4'],
  Blush: ['#e2a9a0', '#f6efec'],
  Olive: ['#6d703f', '#eeeee4'],
  Sky: ['#8bb9da', '#edf2f5'],
};

// ---------------------------------------------------------------------------------------------
// Colour arithmetic (hex in, hex out)

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const shade = (c: string, t: number) => mix(c, '#14110f', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);
function isLight(c: string): boolean {
  const [r, g, b] = rgb(c);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}
/** A thread colour that shows on the fabric: darker on light cloth, lighter on dark. */
const stitch = (c: string) => (isLight(c) ? shade(c, 0.35) : tint(c, 0.35));

// ---------------------------------------------------------------------------------------------
// Styles: picked from words in the product's name

const STYLE_RULES: Record<ArtKind, [RegExp, string][]> = {
  tee: [
    [/v-neck/i, 'vneck'],
    [/pocket/i, 'pocket'],
    [/henley/i, 'henley'],
    [/stripe|breton/i, 'stripe'],
    [/tank/i, 'tank'],
    [/long-sleeve|waffle/i, 'long'],
    [/boxy|oversized/i, 'boxy'],
  ],
  shirt: [
    [/mandarin|band collar|kurta/i, 'band'],
    [/flannel|overshirt|corduroy/i, 'check'],
    [/camp|resort|seersucker/i, 'camp'],
    [/block-print/i, 'print'],
  ],
  dress: [
    [/tiered|smocked/i, 'tiered'],
    [/wrap|shirt/i, 'wrap'],
    [/maxi|kaftan/i, 'maxi'],
    [/tunic/i, 'tunic'],
  ],
  trousers: [
    [/wide-leg/i, 'wide'],
    [/cargo/i, 'cargo'],
    [/drawstring|pull-on|lounge/i, 'drawstring'],
  ],
  knit: [
    [/cardigan|shawl/i, 'cardigan'],
    [/cable|chunky/i, 'cable'],
    [/fair isle/i, 'fairisle'],
  ],
  mug: [
    [/espresso|cup/i, 'cup'],
    [/travel|double-walled|tall|latte/i, 'tall'],
    [/kulhad/i, 'kulhad'],
    [/enamel/i, 'enamel'],
  ],
  bowl: [
    [/plate|platter|dinner|side/i, 'plate'],
    [/nesting/i, 'nesting'],
  ],
  lamp: [
    [/pendant|lantern/i, 'pendant'],
    [/floor|arc/i, 'floor'],
    [/desk|clip-on|reading/i, 'desk'],
  ],
  cushion: [
    [/throw/i, 'throw'],
    [/kantha/i, 'kantha'],
    [/striped|handloom/i, 'stripe'],
    [/block-print|shibori/i, 'print'],
  ],
  plant: [
    [/snake|aloe/i, 'snake'],
    [/monstera|fiddle/i, 'monstera'],
    [/palm|areca/i, 'palm'],
    [/pearls|pothos/i, 'trailing'],
  ],
  planter: [
    [/hanging|macrame/i, 'hanging'],
    [/cube|concrete/i, 'cube'],
    [/basket|jute/i, 'basket'],
    [/cylinder|self-watering/i, 'cylinder'],
  ],
  bag: [
    [/backpack|laptop/i, 'backpack'],
    [/sling|crossbody/i, 'sling'],
    [/weekender/i, 'weekender'],
  ],
  cap: [
    [/bucket|sun|straw/i, 'bucket'],
    [/beanie/i, 'beanie'],
  ],
  bottle: [
    [/flask|insulated/i, 'flask'],
    [/glass/i, 'glass'],
    [/clay/i, 'clay'],
  ],
};

/** The drawing style a product name asks for (a "Pima Henley Tee" gets a buttoned placket). */
export function artStyle(kind: ArtKind, name: string): string {
  return STYLE_RULES[kind].find(([re]) => re.test(name))?.[1] ?? 'classic';
}

// ---------------------------------------------------------------------------------------------
// Drawings, in a 400 x 400 design space

/** Where a garment's weave goes: drawn only in the close-up (thousands of hairlines are slow to render and invisible smaller). */
const WEAVE_MARK = '<!--weave-->';

interface Drawing {
  /** The product itself. */
  body: string;
  /** Fine weave lines for the close-up. */
  weave?: string;
  /** Its outline, for the soft shadow it casts. */
  outline: string;
  /** Where the close-up looks: [x, y, size]. */
  focus: [number, number, number];
}

const line = (d: string, colour: string, width = 2, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
const seam = (d: string, colour: string) => line(d, colour, 1.6, 'stroke-dasharray="4 4" opacity="0.7"');
const fold = (d: string, colour: string) => line(d, colour, 5, 'opacity="0.12"');

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

function garment(outline: string, c: string, inner: string, focus: [number, number, number], extraDefs = ''): Drawing {
  const defs = `<defs>${fabricDefs('fab', c)}<clipPath id="cut"><path d="${outline}"/></clipPath>${extraDefs}</defs>`;
  return {
    body: `${defs}<path d="${outline}" fill="url(#fab)"/>${WEAVE_MARK}${inner}`,
    weave: weave('cut', c),
    outline,
    focus,
  };
}

function tee(style: string, c: string): Drawing {
  const s = stitch(c);
  const dark = shade(c, 0.45);
  let outline =
    'M160 68 Q200 100 240 68 L292 84 Q326 104 346 150 L312 176 L272 150 L276 336 Q200 344 124 336 L128 150 L88 176 L54 150 Q74 104 108 84 Z';
  let sleeves = seam('M316 168 L340 148', s) + seam('M84 168 L60 148', s);
  if (style === 'tank')
    outline = 'M170 64 Q200 98 230 64 L252 64 Q254 122 280 152 L282 336 Q200 344 118 336 L120 152 Q146 122 148 64 Z';
  if (style === 'long')
    outline =
      'M160 68 Q200 100 240 68 L292 84 Q318 110 330 170 L352 300 L322 308 L296 186 L274 160 L276 336 Q200 344 124 336 L126 160 L104 186 L78 308 L48 300 L70 170 Q82 110 108 84 Z';
  if (style === 'boxy')
    outline =
      'M158 70 Q200 100 242 70 L298 88 Q338 112 356 168 L318 190 L284 168 L286 328 Q200 336 114 328 L116 168 L82 190 L44 168 Q62 112 102 88 Z';
  if (style === 'tank') sleeves = '';
  if (style === 'long') sleeves = line('M322 296 L350 288', s, 3) + line('M78 296 L50 288', s, 3);
  const neck =
    style === 'vneck'
      ? `<path d="M160 68 L200 122 L240 68 Z" fill="${dark}"/>${line('M160 68 L200 122 L240 68', shade(c, 0.2), 7)}`
      : `<path d="M160 68 Q200 100 240 68 Q200 80 160 68 Z" fill="${dark}"/>${line('M160 68 Q200 100 240 68', shade(c, 0.18), 7)}`;
  let extra = '';
  if (style === 'pocket')
    extra =
      `<path d="M214 134 h40 v34 q-20 10 -40 0 Z" fill="${tint(c, 0.04)}" stroke="${shade(c, 0.2)}" stroke-width="1.5"/>` +
      seam('M214 140 h40', s);
  if (style === 'henley')
    extra =
      `<rect x="192" y="84" width="16" height="70" rx="3" fill="${tint(c, 0.05)}" stroke="${shade(c, 0.22)}" stroke-width="1.5"/>` +
      [100, 120, 140].map((y) => `<circle cx="200" cy="${y}" r="4" fill="${tint(c, 0.55)}"/>`).join('');
  let defs = '';
  if (style === 'stripe') {
    const band = isLight(c) ? '#2f3b5f' : '#f3efe6';
    let rows = '';
    for (let y = 96; y < 344; y += 26) rows += `<rect x="0" y="${y}" width="400" height="9" fill="${band}"/>`;
    extra = `<g clip-path="url(#cut)" opacity="0.9">${rows}</g>`;
    defs = '';
  }
  const inner =
    extra +
    neck +
    sleeves +
    seam('M130 326 Q200 334 272 326', s) +
    fold('M154 190 Q172 258 160 322', shade(c, 0.5)) +
    fold('M248 186 Q232 252 246 322', shade(c, 0.5)) +
    fold('M200 240 Q206 290 198 330', shade(c, 0.5));
  return garment(outline, c, inner, [200, 112, 130], defs);
}

function shirt(style: string, c: string): Drawing {
  const s = stitch(c);
  const long = style !== 'camp';
  const band = style === 'band';
  const hem = band ? 372 : 340;
  const outline = long
    ? `M164 64 L236 64 L294 84 Q318 110 330 170 L350 302 L318 310 L296 186 L276 160 L278 ${hem} Q200 ${hem + 8} 122 ${hem} L124 160 L104 186 L82 310 L50 302 L70 170 Q82 110 106 84 Z`
    : `M164 64 L236 64 L296 84 Q330 104 348 152 L314 178 L276 152 L278 ${hem} Q200 ${hem + 8} 122 ${hem} L124 152 L86 178 L52 152 Q70 104 104 84 Z`;
  let pattern = '';
  if (style === 'check') {
    const dk = shade(c, 0.35);
    let d = '';
    for (let x = 20; x < 400; x += 28) d += `M${x} 0v400`;
    for (let y = 20; y < 400; y += 28) d += `M0 ${y}h400`;
    pattern = `<g clip-path="url(#cut)">${line(d, dk, 6, 'opacity="0.35"')}${line(d, tint(c, 0.5), 1.2, 'opacity="0.5"')}</g>`;
  }
  if (style === 'print') {
    let dots = '';
    for (let y = 70; y < 380; y += 26)
      for (let x = (y / 26) % 2 ? 56 : 70; x < 360; x += 28)
        dots += `<path d="M${x} ${y - 6} l6 6 l-6 6 l-6 -6 Z" fill="${tint(c, 0.6)}"/>`;
    pattern = `<g clip-path="url(#cut)" opacity="0.85">${dots}</g>`;
  }
  const collar = band
    ? `<path d="M166 60 Q200 70 234 60 L234 72 Q200 84 166 72 Z" fill="${tint(c, 0.06)}" stroke="${shade(c, 0.25)}" stroke-width="1.5"/>`
    : `<path d="M164 64 Q200 54 236 64 L232 74 Q200 66 168 74 Z" fill="${shade(c, 0.3)}"/>` +
      `<path d="M164 64 L200 106 L178 122 L148 78 Z" fill="${tint(c, 0.06)}" stroke="${shade(c, 0.25)}" stroke-width="1.5"/>` +
      `<path d="M236 64 L200 106 L222 122 L252 78 Z" fill="${tint(c, 0.06)}" stroke="${shade(c, 0.25)}" stroke-width="1.5"/>`;
  const placketEnd = band ? 190 : hem - 4;
  const buttons = Array.from({ length: band ? 4 : 6 }, (_, i) => 120 + i * (band ? 22 : 40))
    .filter((y) => y < placketEnd)
    .map(
      (y) => `<circle cx="203" cy="${y}" r="4.2" fill="${tint(c, 0.7)}" stroke="${shade(c, 0.3)}" stroke-width="1"/>`,
    )
    .join('');
  const pocket = band
    ? ''
    : `<path d="M218 140 h38 v36 l-19 8 l-19 -8 Z" fill="none" stroke="${shade(c, 0.22)}" stroke-width="1.5"/>`;
  const cuffs = long ? line('M320 292 L348 286', s, 3) + line('M80 292 L52 286', s, 3) : seam('M318 170 L342 150', s);
  const inner =
    pattern +
    line(`M198 ${band ? 72 : 106} L198 ${placketEnd}`, shade(c, 0.25), 1.5) +
    line(`M208 ${band ? 72 : 106} L208 ${placketEnd}`, shade(c, 0.25), 1.5) +
    collar +
    buttons +
    pocket +
    cuffs +
    seam(`M126 ${hem - 10} Q200 ${hem - 2} 274 ${hem - 10}`, s) +
    fold('M158 200 Q172 270 162 330', shade(c, 0.5)) +
    fold('M246 200 Q232 270 244 330', shade(c, 0.5));
  return garment(outline, c, inner, [200, 110, 120]);
}

function dress(style: string, c: string): Drawing {
  const s = stitch(c);
  const hem = style === 'maxi' ? 388 : style === 'tunic' ? 330 : 364;
  const flare = style === 'tunic' ? 60 : 84;
  const sleeves = style === 'wrap' || style === 'tunic' || style === 'maxi';
  const top = sleeves
    ? 'M168 60 Q200 92 232 60 L270 74 Q298 96 306 132 L276 146 L254 126 Q248 150 250 176'
    : 'M170 60 L182 60 Q200 88 218 60 L230 60 Q236 112 252 150 L248 176';
  // Starts with the left waist: the end point of the skirt's left curve (mirror of the right).
  const topLeft = sleeves
    ? '150 176 Q152 150 146 126 L124 146 L94 132 Q102 96 130 74 Z'
    : '152 176 L148 150 Q164 112 170 60 Z';
  const outline = `${top} Q${250 + flare * 0.6} ${hem - 80} ${200 + flare * 1.55} ${hem} Q200 ${hem + 18} ${200 - flare * 1.55} ${hem} Q${150 - flare * 0.6} ${hem - 80} ${topLeft}`;
  let inner =
    line('M150 178 Q200 186 250 178', shade(c, 0.3), 3) +
    fold(`M182 186 Q174 ${hem - 100} ${200 - flare} ${hem + 4}`, shade(c, 0.55)) +
    fold(`M218 186 Q226 ${hem - 100} ${200 + flare} ${hem + 4}`, shade(c, 0.55)) +
    fold(`M200 190 Q204 ${hem - 80} 200 ${hem + 10}`, shade(c, 0.55)) +
    seam(`M${206 - flare * 1.5} ${hem - 8} Q200 ${hem + 8} ${194 + flare * 1.5} ${hem - 8}`, s);
  if (style === 'tiered')
    inner +=
      line(`M128 ${hem - 120} Q200 ${hem - 108} 272 ${hem - 120}`, shade(c, 0.3), 2.5) +
      line(`M100 ${hem - 60} Q200 ${hem - 44} 300 ${hem - 60}`, shade(c, 0.3), 2.5);
  if (style === 'wrap')
    inner +=
      `<path d="M168 60 Q200 92 232 60 L214 130 L200 176 L186 130 Z" fill="${shade(c, 0.4)}"/>` +
      line('M168 60 L214 176', shade(c, 0.25), 3) +
      line('M214 180 q18 24 6 56 M214 180 q-4 28 -22 48', shade(c, 0.35), 5);
  else
    inner += sleeves
      ? `<path d="M168 60 Q200 92 232 60 Q200 72 168 60 Z" fill="${shade(c, 0.45)}"/>`
      : `<path d="M182 60 Q200 88 218 60 Q200 70 182 60 Z" fill="${shade(c, 0.45)}"/>`;
  return garment(outline, c, inner, [200, 150, 130]);
}

function trousers(style: string, c: string): Drawing {
  const s = stitch(c);
  const wide = style === 'wide' ? 26 : style === 'drawstring' ? 8 : 0;
  const outline = `M126 60 L274 60 L286 130 L${300 + wide} 372 L${234 - wide * 0.4} 378 L204 170 L196 170 L${166 + wide * 0.4} 378 L${100 - wide} 372 L114 130 Z`;
  let inner =
    `<path d="M126 60 L274 60 L276 80 L124 80 Z" fill="${shade(c, 0.18)}"/>` +
    line('M200 80 L200 150 Q196 166 182 170', shade(c, 0.3), 2) +
    line('M132 86 Q152 112 144 136', shade(c, 0.3), 2) +
    line('M268 86 Q248 112 256 136', shade(c, 0.3), 2) +
    fold(`M156 150 L${136 - wide * 0.6} 370`, shade(c, 0.5)) +
    fold(`M244 150 L${264 + wide * 0.6} 370`, shade(c, 0.5)) +
    seam(`M${104 - wide} 362 L${166 + wide * 0.4} 368`, s) +
    seam(`M${234 - wide * 0.4} 368 L${296 + wide} 362`, s);
  if (style === 'drawstring')
    inner += line('M190 80 q-6 30 -16 44 M210 80 q6 30 16 44', tint(c, 0.6), 3) + seam('M126 70 L274 70', s);
  else inner += `<rect x="230" y="64" width="10" height="14" rx="2" fill="${tint(c, 0.5)}"/>`;
  if (style === 'cargo')
    inner +=
      `<path d="M${108 - wide} 220 h40 v56 h-44 Z" fill="${shade(c, 0.06)}" stroke="${shade(c, 0.3)}" stroke-width="1.5"/>` +
      `<path d="M${292 + wide} 220 h-40 v56 h44 Z" fill="${shade(c, 0.06)}" stroke="${shade(c, 0.3)}" stroke-width="1.5"/>`;
  return garment(outline, c, inner, [200, 100, 120]);
}

function knit(style: string, c: string): Drawing {
  const rib = shade(c, 0.25);
  const outline =
    'M158 66 Q200 96 242 66 L296 86 Q322 112 334 172 L354 304 L320 312 L298 190 L280 166 L282 340 Q200 350 118 340 L120 166 L102 190 L80 312 L46 304 L66 172 Q78 112 104 86 Z';
  let ribs = '';
  for (let x = 122; x < 280; x += 7) ribs += `M${x} 320v24`;
  for (let i = 0; i < 5; i++) ribs += `M${322 + i * 6} ${292 + i}l-2 18M${78 - i * 6} ${292 + i}l2 18`;
  let texture = '';
  const knitD = Array.from({ length: 22 }, (_, row) => {
    const y = 96 + row * 11;
    let d = '';
    for (let x = 64 + (row % 2) * 5; x < 340; x += 10) d += `M${x} ${y}l4 5l4 -5`;
    return d;
  }).join('');
  texture = `<g clip-path="url(#cut)">${line(knitD, shade(c, 0.2), 1.2, 'opacity="0.45"')}</g>`;
  if (style === 'cable') {
    let d = '';
    for (const x of [150, 200, 250])
      for (let y = 100; y < 320; y += 24) d += `M${x - 8} ${y}q16 12 0 24M${x + 8} ${y}q-16 12 0 24`;
    texture += line(d, shade(c, 0.3), 3, 'opacity="0.6"');
  }
  if (style === 'fairisle') {
    let d = '';
    for (let x = 110; x < 296; x += 16) d += `M${x} 120l8 -10l8 10l-8 10Z`;
    texture +=
      `<g clip-path="url(#cut)"><rect x="0" y="100" width="400" height="40" fill="${tint(c, 0.75)}"/>` +
      `<path d="${d}" fill="${shade(c, 0.35)}"/></g>`;
  }
  const neck =
    style === 'cardigan'
      ? `<path d="M158 66 L200 180 L242 66 Q200 80 158 66 Z" fill="${shade(c, 0.5)}"/>` +
        line('M200 180 L200 344', rib, 6) +
        [206, 240, 274, 308].map((y) => `<circle cx="207" cy="${y}" r="5" fill="${tint(c, 0.6)}"/>`).join('')
      : `<path d="M158 66 Q200 96 242 66 Q200 78 158 66 Z" fill="${shade(c, 0.5)}"/>` +
        line('M158 66 Q200 96 242 66', rib, 10);
  return garment(outline, c, texture + line(ribs, rib, 2.4, 'opacity="0.8"') + neck, [200, 140, 120]);
}

/** A glazed object: lit from the left, with a soft highlight stripe. */
function glazeDefs(id: string, c: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(c, 0.22)}"/><stop offset="0.22" stop-color="${tint(c, 0.22)}"/><stop offset="0.34" stop-color="${tint(c, 0.06)}"/><stop offset="0.8" stop-color="${shade(c, 0.12)}"/><stop offset="1" stop-color="${shade(c, 0.3)}"/></linearGradient>`;
}
function speckles(c: string, x0: number, y0: number, w: number, h: number, n = 40): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + ((i * 73) % w);
    const y = y0 + ((i * 131) % h);
    out += `<circle cx="${x}" cy="${y}" r="${1 + (i % 3) * 0.6}" fill="${shade(c, 0.55)}" opacity="0.55"/>`;
  }
  return out;
}

function mug(style: string, c: string): Drawing {
  const defs = `<defs>${glazeDefs('glz', c)}</defs>`;
  const clay = '#d9b99a';
  if (style === 'cup') {
    const outline = 'M136 200 L264 200 Q262 286 200 296 Q138 286 136 200 Z';
    return {
      body:
        defs +
        `<ellipse cx="200" cy="300" rx="110" ry="22" fill="${tint(c, 0.3)}" stroke="${shade(c, 0.2)}"/>` +
        `<path d="M262 220 q40 0 36 28 q-4 22 -42 26" fill="none" stroke="${shade(c, 0.1)}" stroke-width="11"/>` +
        `<path d="${outline}" fill="url(#glz)"/>` +
        `<ellipse cx="200" cy="200" rx="64" ry="14" fill="${shade(c, 0.5)}"/>` +
        `<ellipse cx="200" cy="203" rx="56" ry="10" fill="#3a2518"/>` +
        speckles(c, 150, 214, 100, 70, 24),
      outline,
      focus: [200, 240, 110],
    };
  }
  const tall = style === 'tall';
  const top = tall ? 110 : 150;
  const kulhad = style === 'kulhad';
  const colour = kulhad ? '#b86a45' : c;
  const outline = kulhad
    ? `M140 ${top} L260 ${top} L240 310 Q200 320 160 310 Z`
    : `M134 ${top} L266 ${top} L262 300 Q200 318 138 300 Z`;
  const handle = kulhad
    ? ''
    : `<path d="M262 ${top + 36} q62 -4 58 52 q-4 48 -60 50" fill="none" stroke="${shade(colour, 0.12)}" stroke-width="17"/>` +
      `<path d="M262 ${top + 36} q62 -4 58 52 q-4 48 -60 50" fill="none" stroke="${tint(colour, 0.18)}" stroke-width="4" opacity="0.6"/>`;
  const rim =
    style === 'enamel'
      ? `<ellipse cx="200" cy="${top}" rx="66" ry="15" fill="none" stroke="#27324d" stroke-width="6"/>`
      : '';
  const glaze = kulhad
    ? `<path d="M140 ${top} L260 ${top} L256 ${top + 24} L144 ${top + 24} Z" fill="${c}" opacity="0.85"/>`
    : `<path d="M138 286 Q200 306 262 286 L262 300 Q200 318 138 300 Z" fill="${clay}"/>`;
  const lid = tall
    ? `<path d="M128 ${top - 26} L272 ${top - 26} L268 ${top} L132 ${top} Z" fill="${style === 'tall' ? '#2c2c2c' : c}"/>`
    : '';
  return {
    body:
      `<defs>${glazeDefs('glz', colour)}</defs>` +
      handle +
      `<path d="${outline}" fill="url(#glz)"/>` +
      glaze +
      `<ellipse cx="200" cy="${top}" rx="66" ry="15" fill="${shade(colour, 0.45)}"/>` +
      `<ellipse cx="200" cy="${top + 3}" rx="58" ry="11" fill="${kulhad ? '#7a4a32' : shade(colour, 0.62)}"/>` +
      rim +
      lid +
      (style === 'classic' || style === 'enamel' ? '' : speckles(colour, 150, top + 30, 100, 120, 30)),
    outline,
    focus: [220, top + 80, 120],
  };
}

function bowl(style: string, c: string): Drawing {
  const defs = `<defs>${glazeDefs('glz', c)}</defs>`;
  if (style === 'plate') {
    const outline = 'M50 240 A150 58 0 1 0 350 240 A150 58 0 1 0 50 240 Z';
    return {
      body:
        defs +
        `<ellipse cx="200" cy="248" rx="150" ry="58" fill="${shade(c, 0.25)}"/>` +
        `<ellipse cx="200" cy="240" rx="150" ry="58" fill="url(#glz)"/>` +
        `<ellipse cx="200" cy="242" rx="104" ry="38" fill="${shade(c, 0.08)}"/>` +
        `<ellipse cx="200" cy="244" rx="98" ry="35" fill="${tint(c, 0.08)}"/>` +
        speckles(c, 110, 215, 180, 55, 30),
      outline,
      focus: [200, 240, 130],
    };
  }
  const one = (cx: number, cy: number, r: number, fill: string) =>
    `<path d="M${cx - r} ${cy} Q${cx - r * 0.9} ${cy + r * 0.95} ${cx} ${cy + r} Q${cx + r * 0.9} ${cy + r * 0.95} ${cx + r} ${cy} Z" fill="${fill}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.26}" fill="${shade(c, 0.3)}"/>` +
    `<ellipse cx="${cx}" cy="${cy + 2}" rx="${r * 0.9}" ry="${r * 0.21}" fill="${tint(c, 0.12)}"/>`;
  const outline = 'M90 200 Q100 300 200 306 Q300 300 310 200 Z';
  const body =
    style === 'nesting'
      ? one(200, 230, 120, 'url(#glz)') + one(200, 212, 84, tint(c, 0.15)) + one(200, 198, 52, shade(c, 0.1))
      : one(200, 200, 110, 'url(#glz)') + `<ellipse cx="200" cy="312" rx="50" ry="8" fill="${shade(c, 0.35)}"/>`;
  return { body: defs + body + speckles(c, 120, 230, 160, 60, 26), outline, focus: [200, 230, 130] };
}

function lamp(style: string, c: string): Drawing {
  const brass = '#b98b3e';
  const metal = `<defs><linearGradient id="met" x1="0" x2="1"><stop offset="0" stop-color="${shade(brass, 0.3)}"/><stop offset="0.35" stop-color="${tint(brass, 0.45)}"/><stop offset="1" stop-color="${shade(brass, 0.25)}"/></linearGradient>${glazeDefs('glz', c)}</defs>`;
  if (style === 'pendant') {
    const outline = 'M110 250 Q120 150 200 146 Q280 150 290 250 Z';
    return {
      body:
        metal +
        line('M200 0 L200 146', '#2a2a2a', 3) +
        `<rect x="188" y="128" width="24" height="22" rx="4" fill="url(#met)"/>` +
        `<path d="${outline}" fill="url(#glz)"/>` +
        `<ellipse cx="200" cy="250" rx="90" ry="16" fill="${shade(c, 0.3)}"/>` +
        `<ellipse cx="200" cy="252" rx="40" ry="9" fill="#fff3c4"/>` +
        `<ellipse cx="200" cy="320" rx="120" ry="40" fill="#fff6d5" opacity="0.35"/>`,
      outline,
      focus: [200, 200, 120],
    };
  }
  if (style === 'floor') {
    const outline = 'M140 60 L260 60 L280 150 L120 150 Z';
    return {
      body:
        metal +
        `<rect x="196" y="150" width="8" height="210" fill="url(#met)"/>` +
        `<ellipse cx="200" cy="364" rx="62" ry="12" fill="url(#met)"/>` +
        `<path d="${outline}" fill="url(#glz)"/>` +
        line('M120 150 L280 150', shade(c, 0.25), 3),
      outline: outline + 'M196 150h8v210h-8Z',
      focus: [200, 110, 110],
    };
  }
  if (style === 'desk') {
    const outline = 'M186 100 L280 70 L300 140 Q260 170 214 150 Z';
    return {
      body:
        metal +
        `<ellipse cx="150" cy="338" rx="74" ry="16" fill="url(#met)"/>` +
        line('M150 334 L120 210 L206 126', brass, 10) +
        `<circle cx="120" cy="210" r="9" fill="url(#met)"/>` +
        `<path d="${outline}" fill="url(#glz)"/>` +
        `<ellipse cx="258" cy="156" rx="40" ry="10" transform="rotate(-24 258 156)" fill="#fff3c4"/>`,
      outline,
      focus: [230, 140, 120],
    };
  }
  // A table lamp: ceramic base in the colour, linen shade.
  const outline = 'M138 90 L262 90 L290 190 L110 190 Z';
  return {
    body:
      metal +
      `<path d="M160 330 Q136 260 184 210 L216 210 Q264 260 240 330 Z" fill="url(#glz)"/>` +
      `<ellipse cx="200" cy="330" rx="46" ry="10" fill="${shade(c, 0.3)}"/>` +
      `<rect x="194" y="186" width="12" height="26" fill="url(#met)"/>` +
      `<path d="${outline}" fill="#f4ecdc"/>` +
      `<path d="M262 90 L290 190 L250 190 L236 90 Z" fill="#000" opacity="0.06"/>` +
      line('M110 190 L290 190', '#d8ccb4', 3),
    outline: outline + 'M160 330 Q136 260 184 210 L216 210 Q264 260 240 330 Z',
    focus: [200, 260, 120],
  };
}

function cushion(style: string, c: string): Drawing {
  const s = stitch(c);
  if (style === 'throw') {
    const outline = 'M70 150 L330 150 L336 300 L64 300 Z';
    let fringe = '';
    for (let x = 72; x < 332; x += 8) fringe += `M${x} 300l-2 16`;
    let stripes = '';
    for (let y = 168; y < 300; y += 30)
      stripes += `<rect x="60" y="${y}" width="280" height="6" fill="${tint(c, 0.55)}"/>`;
    return garment(
      outline,
      c,
      `<g clip-path="url(#cut)">${stripes}</g>` +
        line('M70 200 L334 200 M68 250 L335 250', shade(c, 0.35), 2, 'opacity="0.5"') +
        line(fringe, shade(c, 0.15), 2),
      [200, 225, 120],
    );
  }
  const outline = 'M96 108 Q200 88 304 108 Q322 200 304 292 Q200 312 96 292 Q78 200 96 108 Z';
  let pattern = '';
  if (style === 'kantha') {
    let d = '';
    for (let y = 124; y < 300; y += 14) d += `M92 ${y} Q200 ${y - 6} 308 ${y}`;
    pattern = `<g clip-path="url(#cut)">${line(d, tint(c, 0.6), 1.8, 'stroke-dasharray="6 5"')}</g>`;
  } else if (style === 'stripe') {
    let bands = '';
    for (let x = 90; x < 320; x += 34)
      bands += `<rect x="${x}" y="80" width="12" height="240" fill="${tint(c, 0.6)}"/>`;
    pattern = `<g clip-path="url(#cut)" opacity="0.8">${bands}</g>`;
  } else if (style === 'print' || style === 'classic') {
    let motifs = '';
    for (let y = 132; y < 290; y += 38)
      for (let x = 120 + (((y - 132) / 38) % 2) * 19; x < 300; x += 38)
        motifs += `<circle cx="${x}" cy="${y}" r="9" fill="none" stroke="${tint(c, 0.65)}" stroke-width="3"/><circle cx="${x}" cy="${y}" r="3" fill="${tint(c, 0.65)}"/>`;
    pattern = `<g clip-path="url(#cut)">${motifs}</g>`;
  }
  return garment(
    outline,
    c,
    pattern +
      line(outline, shade(c, 0.3), 5) +
      fold('M120 130 Q150 160 140 200', shade(c, 0.6)) +
      fold('M280 270 Q250 250 262 210', shade(c, 0.6)) +
      seam('M110 120 Q200 102 290 120', s),
    [220, 160, 120],
  );
}

function pot(c: string, x: number, y: number, w: number, h: number): string {
  return (
    `<path d="M${x - w / 2} ${y} L${x + w / 2} ${y} L${x + w * 0.38} ${y + h} L${x - w * 0.38} ${y + h} Z" fill="url(#glz)"/>` +
    `<rect x="${x - w / 2 - 6}" y="${y - 4}" width="${w + 12}" height="22" rx="4" fill="${shade(c, 0.1)}"/>` +
    `<ellipse cx="${x}" cy="${y - 2}" rx="${w / 2}" ry="7" fill="#5b4032"/>`
  );
}

function leaf(x: number, y: number, len: number, angle: number, width: number, fill: string, vein: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 Q${width} ${-len * 0.5} 0 ${-len} Q${-width} ${-len * 0.5} 0 0 Z" fill="${fill}"/>${line(`M0 0 L0 ${-len * 0.92}`, vein, 1.5, 'opacity="0.6"')}</g>`;
}

function plant(style: string, c: string): Drawing {
  const g1 = '#2f6b3a';
  const g2 = '#4d8c4f';
  const g3 = '#77a95c';
  let foliage = '';
  if (style === 'snake') {
    const blades: [number, number, number][] = [
      [-30, 190, -8],
      [-12, 230, -3],
      [8, 250, 2],
      [26, 210, 7],
      [42, 170, 12],
      [-44, 150, -14],
    ];
    foliage = blades
      .map(
        ([dx, len, a], i) =>
          `<g transform="translate(${200 + dx} 246) rotate(${a})"><path d="M-13 0 Q-16 ${-len * 0.6} 0 ${-len} Q16 ${-len * 0.6} 13 0 Z" fill="${[g1, g2][i % 2]}" stroke="#c9c26a" stroke-width="2.5"/>${line(`M-6 ${-len * 0.2} l12 -8 M-6 ${-len * 0.45} l12 -8 M-6 ${-len * 0.7} l12 -8`, '#a7c98a', 2, 'opacity="0.5"')}</g>`,
      )
      .join('');
  } else if (style === 'monstera') {
    const leaves: [number, number, number, number][] = [
      [-70, -80, -40, 90],
      [60, -100, 35, 96],
      [-10, -150, -6, 100],
      [90, -30, 70, 70],
      [-100, -20, -75, 70],
    ];
    foliage = leaves
      .map(([dx, dy, a, r], i) => {
        const cx = 200 + dx;
        const cy = 240 + dy;
        const slits = [0.3, 0.55, 0.8]
          .map(
            (t) =>
              `M${-r * 0.55} ${-r * t} L${-r * 0.15} ${-r * t + 6} M${r * 0.55} ${-r * t} L${r * 0.15} ${-r * t + 6}`,
          )
          .join('');
        return (
          line(`M200 246 Q${(200 + cx) / 2} ${cy + 60} ${cx} ${cy}`, g1, 4) +
          `<g transform="translate(${cx} ${cy}) rotate(${a})"><path d="M0 0 C${r * 0.7} ${-r * 0.1} ${r * 0.7} ${-r} 0 ${-r} C${-r * 0.7} ${-r} ${-r * 0.7} ${-r * 0.1} 0 0 Z" fill="${[g1, g2, g3][i % 3]}"/>${line(slits, '#f3efe6', 5)}${line(`M0 0 L0 ${-r * 0.9}`, '#9cc38a', 2)}</g>`
        );
      })
      .join('');
  } else if (style === 'palm') {
    foliage = [-60, -35, -12, 12, 35, 60]
      .map((a, i) => {
        let fronds = '';
        for (let t = 0.2; t < 1; t += 0.1)
          fronds +=
            leaf(0, -200 * t, 46 * (1 - t * 0.5), 70, 5, [g2, g3][i % 2]!, g1) +
            leaf(0, -200 * t, 46 * (1 - t * 0.5), -70, 5, [g2, g3][i % 2]!, g1);
        return `<g transform="translate(200 246) rotate(${a})">${line('M0 0 L0 -200', g1, 3)}${fronds}</g>`;
      })
      .join('');
  } else if (style === 'trailing') {
    let vines = '';
    for (const [dx, len] of [
      [-70, 140],
      [-30, 110],
      [40, 150],
      [80, 100],
    ] as const) {
      vines += line(`M${200 + dx * 0.5} 250 Q${200 + dx} 280 ${200 + dx * 1.3} ${250 + len}`, g1, 2.5);
      for (let t = 0.15; t < 1; t += 0.14) {
        const x = 200 + dx * (0.5 + 0.8 * t);
        const y = 250 + len * t;
        vines += leaf(x, y, 22, t * 140 - 70, 11, t > 0.5 ? g3 : g2, g1);
      }
    }
    foliage =
      vines + [-50, -20, 10, 40].map((dx, i) => leaf(200 + dx, 244, 50, dx * 0.8, 22, [g2, g3][i % 2]!, g1)).join('');
  } else {
    // Rounded glossy leaves on stems: rubber plant, peace lily, ZZ, jade, calathea.
    foliage = [
      [-60, -70, -30, 70],
      [50, -90, 28, 76],
      [-10, -130, -4, 80],
      [80, -20, 60, 60],
      [-90, -10, -64, 60],
      [20, -40, 12, 64],
    ]
      .map(
        ([dx, dy, a, len], i) =>
          line(`M200 246 L${200 + dx! * 0.7} ${246 + dy! * 0.7}`, g1, 3) +
          leaf(200 + dx! * 0.7, 246 + dy! * 0.7, len!, a!, len! * 0.42, [g1, g2, g3][i % 3]!, '#9cc38a'),
      )
      .join('');
  }
  const outline = 'M130 246 L270 246 L253 350 L147 350 Z';
  return {
    body: `<defs>${glazeDefs('glz', c)}</defs>` + foliage + pot(c, 200, 246, 140, 104),
    outline,
    focus: [200, 180, 140],
  };
}

function planter(style: string, c: string): Drawing {
  const defs = `<defs>${glazeDefs('glz', c)}</defs>`;
  const soil = '<ellipse cx="200" cy="160" rx="86" ry="14" fill="#5b4032"/>';
  const sprig = leaf(186, 160, 60, -24, 24, '#4d8c4f', '#2f6b3a') + leaf(212, 160, 70, 20, 26, '#2f6b3a', '#77a95c');
  if (style === 'cube') {
    const outline = 'M110 160 L290 160 L290 330 L110 330 Z';
    return {
      body: defs + sprig + `<path d="${outline}" fill="url(#glz)"/>${soil}` + speckles(c, 120, 180, 160, 140, 40),
      outline,
      focus: [200, 240, 120],
    };
  }
  if (style === 'basket') {
    const outline = 'M112 160 L288 160 L270 330 L130 330 Z';
    let weaveD = '';
    for (let y = 172; y < 330; y += 14) weaveD += `M112 ${y} L288 ${y}`;
    for (let x = 124; x < 290; x += 16) weaveD += `M${x} 160 L${x - (x - 200) * 0.1} 330`;
    return {
      body:
        defs +
        sprig +
        `<path d="${outline}" fill="url(#glz)"/>` +
        line(weaveD, shade(c, 0.35), 2, 'opacity="0.6"') +
        soil,
      outline,
      focus: [200, 240, 110],
    };
  }
  const tall = style === 'cylinder';
  const outline = tall ? 'M124 150 L276 150 L276 340 L124 340 Z' : 'M112 170 L288 170 L262 336 L138 336 Z';
  const hanging =
    style === 'hanging'
      ? line('M200 10 L124 176 M200 10 L276 176 M200 10 L200 176', '#d9c7a5', 3) +
        `<circle cx="200" cy="12" r="8" fill="none" stroke="#b89d6b" stroke-width="3"/>`
      : '';
  return {
    body:
      defs +
      sprig +
      `<path d="${outline}" fill="url(#glz)"/>` +
      (tall ? '' : `<rect x="104" y="164" width="192" height="24" rx="4" fill="${shade(c, 0.1)}"/>`) +
      `<ellipse cx="200" cy="${tall ? 150 : 166}" rx="${tall ? 76 : 90}" ry="12" fill="#5b4032"/>` +
      hanging,
    outline,
    focus: [200, 250, 110],
  };
}

function bag(style: string, c: string): Drawing {
  const s = stitch(c);
  const strap = shade(c, 0.35);
  if (style === 'backpack') {
    const outline = 'M120 110 Q120 70 200 70 Q280 70 280 110 L288 340 Q200 352 112 340 Z';
    return garment(
      outline,
      c,
      line('M160 74 Q200 20 240 74', strap, 10) +
        `<path d="M120 110 Q200 150 280 110 L282 150 Q200 190 118 150 Z" fill="${shade(c, 0.15)}"/>` +
        `<rect x="146" y="220" width="108" height="90" rx="14" fill="${shade(c, 0.08)}" stroke="${shade(c, 0.3)}" stroke-width="2"/>` +
        seam('M156 232 h88', s) +
        `<rect x="190" y="150" width="20" height="26" rx="3" fill="#c9a15a"/>`,
      [200, 160, 110],
    );
  }
  if (style === 'sling') {
    const outline = 'M100 220 Q200 150 300 220 Q300 300 200 310 Q100 300 100 220 Z';
    return garment(
      outline,
      c,
      line('M110 210 Q200 -40 290 210', strap, 9) +
        line('M112 228 Q200 190 288 228', shade(c, 0.3), 2.5) +
        seam('M120 240 Q200 206 280 240', s) +
        `<rect x="192" y="200" width="16" height="12" rx="2" fill="#c9a15a"/>`,
      [200, 230, 110],
    );
  }
  const weekender = style === 'weekender';
  const outline = weekender
    ? 'M70 180 Q70 150 110 150 L290 150 Q330 150 330 180 L320 320 Q200 334 80 320 Z'
    : 'M116 150 L284 150 L298 340 L102 340 Z';
  const handles = weekender
    ? line('M150 152 Q150 80 200 80 Q250 80 250 152', strap, 10)
    : line('M150 152 Q150 58 186 58 Q206 58 206 152', strap, 8) +
      line('M194 152 Q194 58 230 58 Q250 58 250 152', strap, 8);
  return garment(
    outline,
    c,
    handles +
      seam(weekender ? 'M84 180 L316 180' : 'M118 166 L282 166', s) +
      (weekender ? line('M90 250 L310 250', shade(c, 0.3), 3) : '') +
      fold('M150 200 Q160 270 146 330', shade(c, 0.6)) +
      fold('M250 200 Q240 270 254 330', shade(c, 0.6)),
    [200, 200, 120],
  );
}

function cap(style: string, c: string): Drawing {
  const s = stitch(c);
  if (style === 'beanie') {
    const outline = 'M110 260 Q100 110 200 100 Q300 110 290 260 Z';
    let ribs = '';
    for (let x = 112; x < 290; x += 9) ribs += `M${x} 214 L${x} 262`;
    return garment(
      outline,
      c,
      `<rect x="104" y="210" width="192" height="56" rx="10" fill="${shade(c, 0.12)}"/>` +
        line(ribs, shade(c, 0.35), 2.5) +
        `<circle cx="200" cy="100" r="24" fill="${tint(c, 0.1)}"/>`,
      [200, 230, 110],
    );
  }
  if (style === 'bucket') {
    const outline = 'M136 250 L152 130 Q200 112 248 130 L264 250 Z';
    return garment(
      outline,
      c,
      `<ellipse cx="200" cy="262" rx="150" ry="38" fill="${shade(c, 0.12)}"/>` +
        `<ellipse cx="200" cy="256" rx="150" ry="36" fill="url(#fab)"/>` +
        `<path d="${outline}" fill="url(#fab)"/>` +
        `<path d="M140 222 L260 222 L263 246 L137 246 Z" fill="${shade(c, 0.4)}"/>` +
        seam('M80 262 Q200 300 320 262', s),
      [200, 200, 120],
    );
  }
  const outline = 'M96 250 Q96 130 200 126 Q290 130 298 230 Z';
  return garment(
    outline,
    c,
    `<path d="M96 250 Q200 218 298 230 Q340 250 352 276 Q250 262 96 258 Z" fill="${shade(c, 0.18)}"/>` +
      line('M200 126 Q186 190 196 244', shade(c, 0.3), 2) +
      line('M200 126 Q150 160 136 240', shade(c, 0.3), 2) +
      `<circle cx="200" cy="127" r="7" fill="${shade(c, 0.2)}"/>` +
      seam('M104 242 Q200 214 292 226', s),
    [200, 200, 110],
  );
}

function bottle(style: string, c: string): Drawing {
  const copper = style === 'classic' || style === 'clay' ? (style === 'clay' ? '#b3643f' : '#c07a4a') : c;
  const defs = `<defs>${glazeDefs('glz', copper)}</defs>`;
  if (style === 'glass') {
    const outline = 'M160 96 L240 96 L246 340 Q200 352 154 340 Z';
    return {
      body:
        defs +
        `<path d="${outline}" fill="#dfeef0" opacity="0.8"/>` +
        `<path d="M156 180 L244 180 L246 340 Q200 352 154 340 Z" fill="#bfe0e3" opacity="0.7"/>` +
        `<rect x="184" y="110" width="32" height="170" rx="14" fill="${c}" opacity="0.7"/>` +
        `<rect x="154" y="60" width="92" height="40" rx="8" fill="${shade(c, 0.1)}"/>` +
        line('M170 120 L170 320', '#ffffff', 6, 'opacity="0.6"'),
      outline,
      focus: [200, 200, 120],
    };
  }
  const outline =
    style === 'clay'
      ? 'M172 90 L228 90 L230 140 Q300 180 290 290 Q280 350 200 352 Q120 350 110 290 Q100 180 170 140 Z'
      : 'M176 92 L224 92 L226 130 Q262 150 262 190 L262 330 Q200 350 138 330 L138 190 Q138 150 174 130 Z';
  const hammered =
    style === 'classic'
      ? Array.from({ length: 36 }, (_, i) => {
          const x = 150 + ((i * 37) % 100);
          const y = 180 + ((i * 53) % 140);
          return `<ellipse cx="${x}" cy="${y}" rx="6" ry="4" fill="${tint(copper, 0.3)}" opacity="0.35"/>`;
        }).join('')
      : '';
  const lid =
    style === 'flask'
      ? `<rect x="168" y="60" width="64" height="40" rx="10" fill="#2d2d2d"/><path d="M200 58 q30 -30 40 8" fill="none" stroke="#2d2d2d" stroke-width="6"/>`
      : `<rect x="170" y="66" width="60" height="32" rx="8" fill="${shade(copper, 0.25)}"/>`;
  return {
    body:
      defs +
      `<path d="${outline}" fill="url(#glz)"/>` +
      hammered +
      lid +
      line('M156 190 L156 320', '#ffffff', 6, 'opacity="0.25"'),
    outline,
    focus: [200, 230, 110],
  };
}

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
function folded(kind: ArtKind, fabric: string, c: string): Drawing {
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

const DRAW: Record<ArtKind, (style: string, colour: string) => Drawing> = {
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

const APPAREL = new Set<ArtKind>(['tee', 'shirt', 'dress', 'trousers', 'knit']);

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
 * One demo picture as an SVG document, `size` px square. The same drawing gives four pictures:
 * the packshot, a close-up of its best detail, a styled scene and a second packshot.
 */
/**
 * The style a view actually draws: clothing's close-up and flat-lay show the garment folded, so
 * only its cloth matters there (a V-neck and a crew tee in Sage share those two pictures).
 */
export function artStyleFor(kind: ArtKind, style: string, view: ArtView): string {
  return APPAREL.has(kind) && view !== 'front' ? fabricOf(kind, style) : style;
}

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
