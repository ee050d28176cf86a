import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
// The file itself, not the package's index: the config is loaded by Node, and the index names zod.
import { WEB_FONTS, webFontPath, webFontSource, type WebFont } from '../../packages/shared/src/web-fonts.ts';

const require = createRequire(import.meta.url);

/** The woff2 file of a web font, read from its package; refused when it is not the one the list names. */
export function webFontFile(font: WebFont): Buffer {
  const file = require.resolve(webFontSource(font));
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, font.hash.length);
  if (hash !== font.hash) {
    throw new Error(
      `${file} has changed (sha256 ${hash}…, the list says ${font.hash}…): set its hash, range and size in packages/shared/src/web-fonts.ts`,
    );
  }
  return body;
}

/**
 * The shop's web fonts (packages/shared/src/web-fonts.ts WEB_FONTS) as files of the storefront's
 * client build, under the paths `webFontPath` names (`/assets/fonts/<file>-<hash>.woff2`: the
 * server answers them as immutable). In development Vite answers the same paths.
 */
export function webFonts(): Plugin {
  const byPath = new Map(WEB_FONTS.map((font) => [webFontPath(font), font]));
  return {
    name: 'shopfront-web-fonts',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const font = byPath.get((req.url ?? '').split('?')[0]!);
        if (!font) return next();
        res.setHeader('content-type', 'font/woff2');
        res.end(webFontFile(font));
      });
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const [path, font] of byPath) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: webFontFile(font) });
      }
    },
  };
}
