import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { StorefrontPatchSchema } from './schemas/admin.ts';
import { DEVICE_FONTS, SHOP_FONT_FAMILIES, WEB_FONT_FAMILIES, isShopFont } from './shop-fonts.ts';
import { SHOP_FONTS, WEB_FONTS, currentFontEntries, webFontEntries, webFontPath, webFontSource } from './web-fonts.ts';

const require = createRequire(import.meta.url);

describe('the web fonts of the allowed list', () => {
  it.each(WEB_FONTS.map((f) => [f.family, f] as const))(
    '%s: the package file is the one the list names (hash, weight axis, size), a Latin woff2',
    (_family, font) => {
      const body = readFileSync(require.resolve(webFontSource(font)));
      expect(body.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(createHash('sha256').update(body).digest('hex').slice(0, font.hash.length)).toBe(font.hash);
      expect(Math.round(body.length / 1024)).toBeGreaterThanOrEqual(font.kb - 1);
      expect(Math.round(body.length / 1024)).toBeLessThanOrEqual(font.kb + 1);
      const pkg = webFontSource(font).split('/files/')[0]!;
      const meta = JSON.parse(readFileSync(require.resolve(`${pkg}/metadata.json`), 'utf8')) as {
        family: string;
        category: string;
        license: { type: string };
        variable: { wght: { min: string; max: string } };
      };
      expect(meta.family).toBe(font.family);
      expect(meta.license.type).toBe('OFL-1.1');
      expect([Number(meta.variable.wght.min), Number(meta.variable.wght.max)]).toEqual(font.weight_range);
      // The owner is told which are serif.
      expect(meta.category === 'serif').toBe(font.label.endsWith('(serif)'));
    },
  );

  it('offers sans and serif web fonts beside the device fonts, each family once', () => {
    expect(WEB_FONTS.length).toBeGreaterThanOrEqual(5);
    expect(WEB_FONTS.some((f) => f.label.endsWith('(serif)'))).toBe(true);
    expect(WEB_FONTS.some((f) => !f.label.endsWith('(serif)'))).toBe(true);
    expect(new Set(SHOP_FONT_FAMILIES).size).toBe(DEVICE_FONTS.length + WEB_FONTS.length);
    // The families the schemas take (shop-fonts.ts) are those that have files (web-fonts.ts).
    expect(WEB_FONTS.map((f) => f.family)).toEqual([...WEB_FONT_FAMILIES]);
    expect(SHOP_FONTS.map((f) => f.family)).toEqual(SHOP_FONT_FAMILIES);
    expect(isShopFont('Lora')).toBe(true);
    expect(isShopFont('Georgia')).toBe(true);
    expect(isShopFont('Comic Neue')).toBe(false);
  });

  it('names each file under /assets/fonts with its hash (an immutable build file)', () => {
    expect(webFontPath(WEB_FONTS.find((f) => f.family === 'Lora')!)).toBe('/assets/fonts/lora-ddb8c66035.woff2');
  });
});

describe('webFontEntries', () => {
  it('gives one entry per chosen web font, the text font first; device fonts need none', () => {
    expect(webFontEntries({ body_font: 'Inter', heading_font: 'Lora' })).toEqual([
      {
        family: 'Inter',
        path: '/assets/fonts/inter-3100e775e8.woff2',
        weight_range: [100, 900],
        is_variable: true,
      },
      {
        family: 'Lora',
        path: '/assets/fonts/lora-ddb8c66035.woff2',
        weight_range: [400, 700],
        is_variable: true,
      },
    ]);
    expect(webFontEntries({ body_font: 'Lora', heading_font: 'Lora' })).toHaveLength(1);
    expect(webFontEntries({ body_font: 'Georgia', heading_font: 'Playfair Display' }).map((f) => f.family)).toEqual([
      'Playfair Display',
    ]);
    expect(webFontEntries({ body_font: 'system-ui', heading_font: 'Georgia' })).toEqual([]);
    expect(webFontEntries({ body_font: 'Comic Neue', heading_font: 'Georgia' })).toEqual([]);
  });
});

describe('currentFontEntries', () => {
  it('points a saved web font at the current file, and keeps entries of other families', () => {
    const other = {
      family: 'Own',
      path: '/media/own.woff2',
      weight_range: [400, 400] as [number, number],
      is_variable: false,
    };
    const stale = {
      family: 'Lora',
      path: '/assets/fonts/lora-0000000000.woff2',
      weight_range: null,
      is_variable: false,
    };
    expect(currentFontEntries([stale, other])).toEqual([
      webFontEntries({ body_font: 'Lora', heading_font: 'Lora' })[0],
      other,
    ]);
    expect(currentFontEntries([])).toEqual([]);
  });
});

describe('StorefrontPatchSchema typography', () => {
  it('takes a device or a web font of the list, and refuses any other family with the choices', () => {
    expect(
      StorefrontPatchSchema.safeParse({ typography: { body_font: 'Literata', heading_font: 'Georgia' } }).success,
    ).toBe(true);
    const bad = StorefrontPatchSchema.safeParse({ typography: { heading_font: 'Comic Neue' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(`The value must be one of: ${SHOP_FONT_FAMILIES.join(', ')}`);
    expect(StorefrontPatchSchema.safeParse({ fonts: [] }).success).toBe(false);
  });
});
