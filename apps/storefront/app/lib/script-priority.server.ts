import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = '</head>';

/**
 * Marks the page's module preloads (React Router's, which React hoists into <head> ahead of the
 * stylesheet) `fetchpriority="low"`: on a slow connection the stylesheet and the largest image
 * are fetched first and the page paints, then the JavaScript that makes it interactive arrives.
 * A browser treats them as high priority otherwise, as it would render-blocking scripts. Only the
 * head is rewritten; the rest of the stream passes untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (done) return callback(null, chunk);
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd !== -1) {
        done = true;
        pending = '';
        return callback(null, text.slice(0, headEnd).replaceAll(PRELOAD, LOW) + text.slice(headEnd));
      }
      // Keep back a tail that may be the start of a tag cut by the chunk boundary.
      const cut = Math.max(0, text.length - PRELOAD.length);
      const tagStart = text.indexOf('<', cut);
      const keep = tagStart === -1 ? text.length : tagStart;
      pending = text.slice(keep);
      callback(null, text.slice(0, keep).replaceAll(PRELOAD, LOW));
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, done ? rest : rest.replaceAll(PRELOAD, LOW));
    },
  });
}
