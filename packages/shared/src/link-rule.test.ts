import { describe, expect, it } from 'vitest';
import { isSafeLink } from './link-rule.ts';

describe('the link rule', () => {
  it('takes shop paths, http(s), mailto: and tel:', () => {
    for (const href of [
      '/',
      '/about-us?x=1#y',
      'https://example.com',
      'HTTP://example.com/a',
      'mailto:a@b.c',
      'tel:+91 98',
    ])
      expect([href, isSafeLink(href)]).toEqual([href, true]);
  });

  it('refuses other schemes, other hosts by a path, and control characters a browser would drop', () => {
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\\evil.example',
      'https://example.com/\u0000',
      'tel:+91\u007f',
    ])
      expect([href, isSafeLink(href)]).toEqual([href, false]);
  });
});
