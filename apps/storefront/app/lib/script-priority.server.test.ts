import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server';

const page =
  '<!DOCTYPE html><html><head><title>Tee – ₹1,149</title>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<link rel="stylesheet" href="/assets/shell.css"/></head><body><p>&lt;link rel="modulepreload" stays text</p>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

const expected = page
  .replace(
    '<link rel="modulepreload" href="/assets/a.js"',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"',
  )
  .replace(
    '<link rel="modulepreload" href="/assets/b.js"',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"',
  );

/** The page through the transform, cut into chunks of `size` bytes (splitting tags and characters). */
async function through(size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  it('marks the head’s module preloads low priority and leaves everything else as it was', async () => {
    await expect(through(page.length)).resolves.toBe(expected);
  });

  it('gives the same page however the stream is cut (inside a tag, inside a character, at </head>)', async () => {
    const sizes = [1, 2, 3, 7, 13, 25, 26, 27, 64];
    // Cuts inside the ₹ of the title and just before and inside </head>.
    const rupee = Buffer.from(page).indexOf('₹');
    const headEnd = Buffer.from(page).indexOf('</head>');
    for (const size of [...sizes, rupee + 1, rupee + 2, headEnd, headEnd + 3]) {
      await expect(through(size)).resolves.toBe(expected);
    }
  });
});
