/** Accessories: bags, caps and hats, bottles and flasks. */

import { shade, stitch, tint } from './palette.ts';
import { fold, garment, glazeDefs, line, seam, type Drawing } from './strokes.ts';

export function bag(style: string, c: string): Drawing {
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

export function cap(style: string, c: string): Drawing {
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

export function bottle(style: string, c: string): Drawing {
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
