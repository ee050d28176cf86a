/** Garments on a hanger: tees, shirts, dresses, trousers and knitwear, in the variant's colour. */

import { isLight, shade, stitch, tint } from './palette.ts';
import { fold, garment, line, seam, type Drawing } from './strokes.ts';

export function tee(style: string, c: string): Drawing {
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

export function shirt(style: string, c: string): Drawing {
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

export function dress(style: string, c: string): Drawing {
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

export function trousers(style: string, c: string): Drawing {
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

export function knit(style: string, c: string): Drawing {
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
