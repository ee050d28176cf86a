/**
 * Renders demo art to WebP files below the media directory, through a private per-user cache in
 * the OS temp directory, so a fresh shop copies pictures a previous one drew instead of drawing
 * ~1,000 again.
 */

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { artStyleFor, productArtSvg } from './scene.ts';
import type { ArtKind, ArtView } from './styles.ts';

/** Renders `svg` to WebP at `file` unless it already exists (re-seeding is cheap and idempotent). */
export async function writeWebp(file: string, svg: string | (() => string)): Promise<void> {
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
 * The drawings' version: a hash of the modules that draw them (every file of this folder). A
 * changed drawing lands in a new folder (media URLs are cached as immutable), and an unchanged one
 * is never rendered twice, without building every SVG just to name its file.
 */
const ART_VERSION = (() => {
  const dir = new URL('./', import.meta.url);
  const hash = createHash('sha1');
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    hash.update(name).update(readFileSync(new URL(name, dir)));
  }
  return hash.update(String(ART_SIZE)).digest('hex').slice(0, 8);
})();

/** A picture to put in place: where it lives below /media, and how to draw it (only called when missing). */
export interface ArtFile {
  rel: string;
  draw: () => string;
}

/** Where a product picture lives below /media, and how to draw it. */
export function productArtPath(spec: ArtSpec): ArtFile {
  const style = artStyleFor(spec.kind, spec.style, spec.view);
  const name = `${spec.kind}-${style}-${spec.colour.toLowerCase()}-${spec.view}`;
  return {
    rel: `seed/products/${ART_VERSION}/${name}.webp`,
    draw: () => productArtSvg(spec.kind, style, spec.colour, spec.view, ART_SIZE),
  };
}

/**
 * Where a composed picture (hero, collection cover) lives: `seed/<folder>/<folder>-<name>-<version>.webp`
 * (the file name alone is unique: the cache keeps every picture of a version in one folder).
 */
export function composedArtPath(folder: string, name: string, draw: () => string): ArtFile {
  return { rel: `seed/${folder}/${folder}-${name}-${ART_VERSION}.webp`, draw };
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

/** Puts one demo picture (WebP) in place unless it is there; answers its /media URL. */
export async function makeProductArt(mediaDir: string, art: ArtFile): Promise<string> {
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
