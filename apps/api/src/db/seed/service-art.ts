import { createHash } from 'node:crypto';
import { ART_SIZE, composedArtPath, makeProductArt } from './product-art/index.ts';

/** What a service's picture shows: a ledger, a stamped certificate, a passport, a course on a screen, tools. */
export type ServiceArt = 'ledger' | 'stamp' | 'passport' | 'screen' | 'tools';

const S = ART_SIZE;

/** The motif of each kind, drawn in `ink` on a paper card (flat vector art, like the product demo's). */
const MOTIFS: Record<ServiceArt, (ink: string, accent: string) => string> = {
  ledger: (ink, accent) => `
    <rect x="170" y="120" width="300" height="400" rx="18" fill="#fff" stroke="${ink}" stroke-width="8"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="210" y="${190 + i * 48}" width="${i % 2 ? 150 : 220}" height="14" rx="7" fill="${ink}" opacity="0.35"/>`).join('')}
    <circle cx="430" cy="450" r="58" fill="${accent}"/>
    <path d="M400 450 l22 22 l40 -46" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  stamp: (ink, accent) => `
    <rect x="150" y="130" width="340" height="380" rx="14" fill="#fff" stroke="${ink}" stroke-width="8"/>
    <rect x="200" y="180" width="240" height="22" rx="11" fill="${ink}" opacity="0.5"/>
    ${[0, 1, 2].map((i) => `<rect x="200" y="${240 + i * 40}" width="240" height="12" rx="6" fill="${ink}" opacity="0.3"/>`).join('')}
    <circle cx="400" cy="430" r="62" fill="none" stroke="${accent}" stroke-width="12"/>
    <circle cx="400" cy="430" r="36" fill="${accent}" opacity="0.8"/>`,
  passport: (ink, accent) => `
    <rect x="190" y="110" width="260" height="380" rx="22" fill="${ink}"/>
    <circle cx="320" cy="260" r="70" fill="none" stroke="${accent}" stroke-width="10"/>
    <path d="M250 260 h140 M320 190 v140" stroke="${accent}" stroke-width="6"/>
    <rect x="250" y="380" width="140" height="14" rx="7" fill="${accent}"/>
    <rect x="400" y="420" width="120" height="90" rx="10" fill="#fff" stroke="${accent}" stroke-width="6" transform="rotate(-8 460 465)"/>`,
  screen: (ink, accent) => `
    <rect x="120" y="150" width="400" height="260" rx="16" fill="${ink}"/>
    <rect x="140" y="170" width="360" height="220" rx="8" fill="#fff"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="170" y="${200 + i * 42}" width="${90 + i * 50}" height="26" rx="4" fill="${accent}" opacity="${0.4 + i * 0.15}"/>`).join('')}
    <rect x="260" y="410" width="120" height="40" fill="${ink}"/>
    <rect x="200" y="450" width="240" height="18" rx="9" fill="${ink}"/>`,
  tools: (ink, accent) => `
    <rect x="130" y="170" width="380" height="150" rx="20" fill="#fff" stroke="${ink}" stroke-width="8"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${170 + i * 46}" y="270" width="26" height="10" rx="5" fill="${ink}" opacity="0.5"/>`).join('')}
    <circle cx="460" cy="215" r="10" fill="${accent}"/>
    <path d="M250 380 l140 120" stroke="${ink}" stroke-width="22" stroke-linecap="round"/>
    <circle cx="240" cy="372" r="34" fill="none" stroke="${ink}" stroke-width="16"/>
    <path d="M420 380 l-110 120" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>`,
};

/** A service's picture as SVG: the motif on a soft wall of the category's colour. */
export function serviceArtSvg(art: ServiceArt, wall: string, ink: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 640 640">
    <rect width="640" height="640" fill="${wall}"/>
    <ellipse cx="320" cy="560" rx="230" ry="26" fill="${ink}" opacity="0.12"/>
    ${MOTIFS[art](ink, accent)}
  </svg>`;
}

/** Renders a service's picture once (named by what it shows) and answers its /media URL. */
export async function makeServiceArt(
  mediaDir: string,
  art: ServiceArt,
  colours: { wall: string; ink: string; accent: string },
): Promise<string> {
  const svg = serviceArtSvg(art, colours.wall, colours.ink, colours.accent);
  const key = createHash('sha1').update(svg).digest('hex').slice(0, 10);
  return makeProductArt(
    mediaDir,
    composedArtPath('services', `${art}-${key}`, () => svg),
  );
}

/** The services demo's home hero (1600 x 700): its motifs on a desk, the left half kept calm for the heading. */
export async function makeServiceHero(mediaDir: string, from: string, to: string): Promise<string> {
  const arts: ServiceArt[] = ['ledger', 'passport', 'stamp'];
  const pieces = arts
    .map(
      (art, i) =>
        `<g transform="translate(${760 + i * 270} ${150 + (i % 2) * 60}) scale(0.62)">${MOTIFS[art]('#1e293b', to)}</g>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700" viewBox="0 0 1600 700">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}" stop-opacity="0.55"/></linearGradient></defs>
    <rect width="1600" height="700" fill="url(#g)"/>
    <rect x="700" y="560" width="900" height="140" fill="#1e293b" opacity="0.18"/>
    ${pieces}
  </svg>`;
  const key = createHash('sha1').update(svg).digest('hex').slice(0, 10);
  return makeProductArt(
    mediaDir,
    composedArtPath('hero', `services-${key}`, () => svg),
  );
}
