/** Home & Living: mugs and cups, plates and bowls, lamps, cushions and throws. */

import { shade, stitch, tint } from './palette.ts';
import { fold, garment, glazeDefs, line, seam, speckles, type Drawing } from './strokes.ts';

export function mug(style: string, c: string): Drawing {
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

export function bowl(style: string, c: string): Drawing {
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

export function lamp(style: string, c: string): Drawing {
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

export function cushion(style: string, c: string): Drawing {
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
