/** Garden: potted plants and planters. */

import { shade } from './palette.ts';
import { glazeDefs, leaf, line, speckles, type Drawing } from './strokes.ts';

function pot(c: string, x: number, y: number, w: number, h: number): string {
  return (
    `<path d="M${x - w / 2} ${y} L${x + w / 2} ${y} L${x + w * 0.38} ${y + h} L${x - w * 0.38} ${y + h} Z" fill="url(#glz)"/>` +
    `<rect x="${x - w / 2 - 6}" y="${y - 4}" width="${w + 12}" height="22" rx="4" fill="${shade(c, 0.1)}"/>` +
    `<ellipse cx="${x}" cy="${y - 2}" rx="${w / 2}" ry="7" fill="#5b4032"/>`
  );
}

export function plant(style: string, c: string): Drawing {
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

export function planter(style: string, c: string): Drawing {
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
