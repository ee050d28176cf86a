import { Transform } from 'node:stream';

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from('</head>');

/** `bytes` with every PRELOAD marked low priority (ASCII: never inside a multi-byte character). */
function markLow(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PRELOAD); at !== -1; at = bytes.indexOf(PRELOAD, from)) {
    parts.push(bytes.subarray(from, at), LOW);
    from = at + PRELOAD.length;
  }
  if (!parts.length) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Marks the page's module preloads (React Router's, which React hoists into <head> ahead of the
 * stylesheet) `fetchpriority="low"`: on a slow connection the stylesheet and the largest image
 * are fetched first and the page paints, then the JavaScript that makes it interactive arrives.
 * A browser treats them as high priority otherwise, as it would render-blocking scripts. Only the
 * head is rewritten, byte for byte; the rest of the stream passes untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (done) return callback(null, chunk);
      const bytes = pending.length ? Buffer.concat([pending, Buffer.from(chunk)]) : Buffer.from(chunk);
      const headEnd = bytes.indexOf(HEAD_END);
      if (headEnd !== -1) {
        done = true;
        pending = Buffer.alloc(0);
        return callback(null, Buffer.concat([markLow(bytes.subarray(0, headEnd)), bytes.subarray(headEnd)]));
      }
      // Keep back a tail that may be the start of a tag cut by the chunk boundary.
      const tagStart = bytes.indexOf('<', Math.max(0, bytes.length - PRELOAD.length));
      const keep = tagStart === -1 ? bytes.length : tagStart;
      pending = Buffer.from(bytes.subarray(keep));
      callback(null, markLow(bytes.subarray(0, keep)));
    },
    flush(callback) {
      callback(null, done ? pending : markLow(pending));
    },
  });
}
