import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { artStyleFor, productArtSvg, type ArtKind, type ArtView } from './product-art.ts';

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
async function writeWebp(file: string, svg: string | (() => string)): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  // effort 0: the demo images are flat vector art, and a fresh seed renders hundreds of them.
  // Written under a temporary name first: a second process seeding the same media directory
  // (parallel test files) never reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await sharp(Buffer.from(typeof svg === 'string' ? svg : svg()))
    .webp({ quality: 80, effort: 0 })
    .toFile(tmp);
  await rename(tmp, file);
}

/** Demo product pictures are this many pixels square: enough for a 620 px gallery, cheap to render by the hundred. */
export const ART_SIZE = 640;

export interface ArtSpec {
  kind: ArtKind;
  style: string;
  colour: string;
  view: ArtView;
}

/**
 * The drawings' version: a hash of the module that draws them. A changed drawing lands in a new
 * folder (media URLs are cached as immutable), and an unchanged one is never rendered twice,
 * without building every SVG just to name its file.
 */
const ART_VERSION = createHash('sha1')
  .update(readFileSync(new URL('./product-art.ts', import.meta.url)))
  .update(String(ART_SIZE))
  .digest('hex')
  .slice(0, 8);

/** Where a picture lives below /media, and how to draw it (only called when the file is missing). */
export function productArtPath(spec: ArtSpec): { rel: string; draw: () => string } {
  const style = artStyleFor(spec.kind, spec.style, spec.view);
  const name = `${spec.kind}-${style}-${spec.colour.toLowerCase()}-${spec.view}`;
  return {
    rel: `seed/products/${ART_VERSION}/${name}.webp`,
    draw: () => productArtSvg(spec.kind, style, spec.colour, spec.view, ART_SIZE),
  };
}

/**
 * Rendered pictures are also kept per machine (the OS temp directory, by drawing version): every
 * fresh shop (each test run, browser-test shop, benchmark, `npm start` on a new data directory)
 * copies them instead of drawing ~1,000 pictures again. Without a usable temp directory, each
 * shop draws its own.
 */
const ART_CACHE_ROOT = path.join(os.tmpdir(), `shopfront-seed-art-${process.getuid?.() ?? 'user'}`);
const ART_CACHE = path.join(ART_CACHE_ROOT, ART_VERSION);

/**
 * The cache only when it is this user's own folder, closed to everyone else: in a shared temp
 * directory another user could otherwise put their pictures into the shop's media.
 */
let cacheUsable: boolean | undefined;
function ownCache(): boolean {
  if (cacheUsable !== undefined) return cacheUsable;
  try {
    mkdirSync(ART_CACHE_ROOT, { recursive: true, mode: 0o700 });
    const st = statSync(ART_CACHE_ROOT);
    cacheUsable =
      st.isDirectory() && (process.getuid === undefined || st.uid === process.getuid()) && (st.mode & 0o077) === 0;
  } catch {
    cacheUsable = false;
  }
  return cacheUsable;
}

/** Puts one demo product picture (a square WebP) in place unless it is there; answers its /media URL. */
export async function makeProductArt(mediaDir: string, art: { rel: string; draw: () => string }): Promise<string> {
  const file = path.join(mediaDir, art.rel);
  if (!existsSync(file)) {
    const cached = path.join(ART_CACHE, path.basename(art.rel));
    try {
      if (!ownCache()) throw new Error('no private cache');
      await writeWebp(cached, art.draw);
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await copyFile(cached, tmp);
      await rename(tmp, file);
    } catch {
      await writeWebp(file, art.draw);
    }
  }
  return `/media/${art.rel}`;
}

export async function makeHeroImage(mediaDir: string, name: string, from: string, to: string) {
  const rel = `seed/hero/${name}.webp`;
  await writeWebp(path.join(mediaDir, rel), heroSvg(from, to, 1600, 700));
  return `/media/${rel}`;
}
