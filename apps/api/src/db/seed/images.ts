import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Simple product silhouettes (24x24 viewBox), so demo images need no download and no fonts. */
const ICONS: Record<string, string> = {
  tee: 'M8 3l-5 3 2 4 2-1v12h10V9l2 1 2-4-5-3c-.5 1.5-2 2.5-4 2.5S8.5 4.5 8 3z',
  mug: 'M4 6h12v10a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4V6zm12 2h2a3 3 0 0 1 0 6h-2v-2h2a1 1 0 0 0 0-2h-2V8z',
  bag: 'M5 8h14l-1 13H6L5 8zm4 0V6a3 3 0 0 1 6 0v2h-2V6a1 1 0 0 0-2 0v2H9z',
  lamp: 'M8 3h8l3 8H5l3-8zm3 8h2v7h3v3H8v-3h3v-7z',
  plant: 'M12 21v-8m0 0c-4 0-7-3-7-7 4 0 7 3 7 7zm0 0c0-4 3-7 7-7 0 4-3 7-7 7zM7 21h10',
  cushion: 'M4 6c3 1 13 1 16 0-1 4-1 8 0 12-3-1-13-1-16 0 1-4 1-8 0-12z',
  bottle: 'M10 2h4v4l2 3v12H8V9l2-3V2z',
  cap: 'M3 15c0-5 4-9 9-9s9 4 9 9H3zm9-9v-2m-9 11h20',
};

export const ICON_NAMES = Object.keys(ICONS);

function productSvg(icon: string, from: string, to: string, size: number): string {
  const d = ICONS[icon] ?? ICONS.tee!;
  const stroke = icon === 'plant' || icon === 'cap';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.33}" fill="#ffffff" fill-opacity="0.35"/>
  <g transform="translate(${size * 0.25} ${size * 0.25}) scale(${(size * 0.5) / 24})">
    <path d="${d}" fill="${stroke ? 'none' : '#1f2937'}" fill-opacity="0.82" stroke="${stroke ? '#1f2937' : 'none'}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>
  </g></svg>`;
}

function heroSvg(from: string, to: string, w: number, h: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${w * 0.78}" cy="${h * 0.45}" r="${h * 0.36}" fill="#fff" fill-opacity="0.18"/>
  <circle cx="${w * 0.9}" cy="${h * 0.85}" r="${h * 0.22}" fill="#fff" fill-opacity="0.12"/>
  <rect x="${w * 0.62}" y="${h * 0.2}" width="${h * 0.5}" height="${h * 0.5}" rx="${h * 0.06}" fill="#fff" fill-opacity="0.22" transform="rotate(12 ${w * 0.7} ${h * 0.4})"/>
  </svg>`;
}

/** Renders `svg` to WebP at `file` unless it already exists (re-seeding is cheap and idempotent). */
async function writeWebp(file: string, svg: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  // effort 0: the demo images are flat vector art, and seeding renders ~700 of them.
  await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 0 }).toFile(file);
}

export async function makeProductImage(mediaDir: string, name: string, icon: string, from: string, to: string) {
  const rel = `seed/products/${name}.webp`;
  await writeWebp(path.join(mediaDir, rel), productSvg(icon, from, to, 800));
  return `/media/${rel}`;
}

export async function makeHeroImage(mediaDir: string, name: string, from: string, to: string) {
  const rel = `seed/hero/${name}.webp`;
  await writeWebp(path.join(mediaDir, rel), heroSvg(from, to, 1600, 700));
  return `/media/${rel}`;
}
