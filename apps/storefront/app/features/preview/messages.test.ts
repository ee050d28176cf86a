import { describe, expect, it } from 'vitest';
import { isFromAdmin, parseParentMessage, PREVIEW_MAX_CUSTOM_CSS, PREVIEW_MESSAGE } from './messages';
import { previewThemeCss } from './preview-theme';

const ADMIN = 'https://admin.example.com';

describe('parseParentMessage', () => {
  it('reads a theme change: known colour keys only, with optional custom CSS', () => {
    expect(
      parseParentMessage({
        type: 'shopfront:preview:theme',
        theme: { primary: '#0f766e', accent: 'tomato', unknown: '#fff', text: 12, muted: '' },
        custom_css: '.hero{outline:0}',
      }),
    ).toEqual({
      type: 'shopfront:preview:theme',
      theme: { primary: '#0f766e', accent: 'tomato' },
      custom_css: '.hero{outline:0}',
      look: {},
    });
    expect(parseParentMessage({ type: 'shopfront:preview:theme', theme: {}, custom_css: null })).toEqual({
      type: 'shopfront:preview:theme',
      theme: {},
      look: {},
    });
  });

  it('refuses a theme message without a theme object, or with custom CSS that is not text or too long', () => {
    expect(parseParentMessage({ type: 'shopfront:preview:theme' })).toBeNull();
    expect(parseParentMessage({ type: 'shopfront:preview:theme', theme: ['#fff'] })).toBeNull();
    expect(parseParentMessage({ type: 'shopfront:preview:theme', theme: {}, custom_css: 42 })).toBeNull();
    expect(
      parseParentMessage({
        type: 'shopfront:preview:theme',
        theme: {},
        custom_css: 'a'.repeat(PREVIEW_MAX_CUSTOM_CSS + 1),
      }),
    ).toBeNull();
    expect(parseParentMessage({ type: 'shopfront:preview:theme', theme: { primary: 'x'.repeat(65) } })).toEqual({
      type: 'shopfront:preview:theme',
      theme: {},
      look: {},
    });
  });

  it('reads the typefaces (allowed fonts only) and the look, each field only in the saved shape', () => {
    expect(
      parseParentMessage({
        type: 'shopfront:preview:theme',
        theme: {},
        typography: { body_font: 'Georgia', heading_font: 'Evil Web Font', base_size_px: 40 },
        logo: { url: '/media/2026/logo.png', alt: 'Loom & Leaf' },
        page_layout: 'boxed',
        is_sticky_header_enabled: false,
        is_scroll_button_enabled: 'yes',
        notice_bar: { enabled: true, message: 'Sale', link_text: '', page_slug: '../x', is_closable: false },
        topbar: { message: 'x'.repeat(201), enabled: false },
        is_cookie_warning_enabled: true,
        cookie_warning: { title: '<b>Cookies</b>' },
      }),
    ).toEqual({
      type: 'shopfront:preview:theme',
      theme: {},
      typography: { body_font: 'Georgia' },
      look: {
        logo: { url: '/media/2026/logo.png', alt: 'Loom & Leaf' },
        page_layout: 'boxed',
        is_sticky_header_enabled: false,
        notice_bar: { enabled: true, message: 'Sale', link_text: null, is_closable: false },
        topbar: { enabled: false },
        is_cookie_warning_enabled: true,
        cookie_warning: { title: '<b>Cookies</b>' },
      },
    });
    for (const url of ['javascript:alert(1)', '//evil.example/l.png']) {
      const m = parseParentMessage({ type: 'shopfront:preview:theme', theme: {}, logo: { url } });
      expect(m && m.type === 'shopfront:preview:theme' && m.look).toEqual({});
    }
    const none = parseParentMessage({ type: 'shopfront:preview:theme', theme: {}, logo: null });
    expect(none && none.type === 'shopfront:preview:theme' && none.look).toEqual({ logo: null });
  });

  it('reads sections, keeping only those the storefront can show', () => {
    const parsed = parseParentMessage({
      type: 'shopfront:preview:sections',
      sections: [
        { key: 'intro', type: 'rich_text', settings: { title: 'Hello', blocks: [{ type: 'paragraph', text: 'Hi' }] } },
        { key: 'nope', type: 'video', settings: {} },
        { key: 'Bad Key', type: 'marquee', settings: { items: ['a'] } },
        'junk',
      ],
    });
    expect(parsed).toEqual({
      type: 'shopfront:preview:sections',
      sections: [
        { key: 'intro', type: 'rich_text', settings: { title: 'Hello', blocks: [{ type: 'paragraph', text: 'Hi' }] } },
      ],
    });
    expect(parseParentMessage({ type: 'shopfront:preview:sections', sections: {} })).toBeNull();
  });

  it('reads a focus on a section by its key; a missing or malformed key is ignored', () => {
    expect(parseParentMessage({ type: 'shopfront:preview:focus', section: 'journal', extra: 1 })).toEqual({
      type: 'shopfront:preview:focus',
      section: 'journal',
    });
    for (const section of [undefined, null, '', 'Bad Key', '"] body [x="', 'a'.repeat(101), 7, ['journal']]) {
      expect(parseParentMessage({ type: 'shopfront:preview:focus', section })).toBeNull();
    }
  });

  it('reads a reset, and ignores everything else without throwing', () => {
    expect(parseParentMessage({ type: 'shopfront:preview:reset' })).toEqual({ type: 'shopfront:preview:reset' });
    for (const junk of [
      null,
      undefined,
      42,
      'shopfront:preview:theme',
      [],
      {},
      { type: 'shopfront:edit', target: 'page' },
      { type: PREVIEW_MESSAGE.ready, path: '/' },
      { type: 'SHOPFRONT:PREVIEW:THEME', theme: {} },
      Object.create(null),
    ]) {
      expect(parseParentMessage(junk)).toBeNull();
    }
  });
});

describe('isFromAdmin', () => {
  const parent = {} as MessageEventSource;
  const other = {} as MessageEventSource;

  it('accepts only the exact admin origin, from the framing window', () => {
    expect(isFromAdmin({ origin: ADMIN, source: parent }, ADMIN, parent)).toBe(true);
    expect(isFromAdmin({ origin: ADMIN, source: other }, ADMIN, parent)).toBe(false);
    expect(isFromAdmin({ origin: ADMIN, source: null }, ADMIN, parent)).toBe(false);
    expect(isFromAdmin({ origin: ADMIN, source: null }, ADMIN, null)).toBe(false);
    for (const origin of [
      'https://admin.example.com:8443',
      'http://admin.example.com',
      'https://admin.example.com.evil.test',
      'https://evil.admin.example.com',
      'null',
      '',
    ]) {
      expect(isFromAdmin({ origin, source: parent }, ADMIN, parent), origin).toBe(false);
    }
  });
});

describe('previewThemeCss', () => {
  const saved = {
    theme: {
      primary: '#1f2937',
      secondary: '#b45309',
      accent: '#f59e0b',
      background: '#ffffff',
      surface: '#f5f5f4',
      text: '#1c1917',
      muted: '#57534e',
      topbar_background: '#1c1917',
      topbar_text: '#fafaf9',
      footer_background: '#1c1917',
      footer_text: '#e7e5e4',
    },
    typography: { body_font: 'Inter', heading_font: 'Fraunces', base_size_px: 16 },
    fonts: [],
    custom_css: '.saved{color:red}',
  };

  it('recomputes the variables with the new colours; an unparsable colour keeps the saved one', () => {
    const css = previewThemeCss(saved as never, { theme: { primary: '#0f766e', accent: 'not-a-colour' } });
    expect(css).toContain('--sf-primary:#0f766e');
    expect(css).toContain('--sf-primary-hover:');
    expect(css).toContain('--sf-accent:#f59e0b');
    expect(css).toContain('.saved{color:red}');
  });

  it('replaces the custom CSS when one is sent, escaped like the saved one', () => {
    const css = previewThemeCss(saved as never, { theme: {}, custom_css: '.x{}</style><script>' });
    expect(css).not.toContain('.saved');
    expect(css).not.toContain('</style>');
  });

  it('uses the previewed typefaces, the saved ones for what is not sent', () => {
    const css = previewThemeCss(saved as never, { theme: {}, typography: { body_font: 'Georgia' } });
    expect(css).toMatch(/--sf-font-body:"Georgia", ui-serif/);
    expect(css).toMatch(/--sf-font-heading:"Fraunces", ui-serif/);
    expect(css).not.toContain('@font-face');
  });

  it("loads a previewed web font from the shop's own file, named by the shared list", () => {
    const css = previewThemeCss(saved as never, { theme: {}, typography: { heading_font: 'Lora' } });
    expect(css).toContain(
      '@font-face{font-family:"Lora";src:url("/assets/fonts/lora-ddb8c66035.woff2") format("woff2");font-weight:100 900;font-style:normal;font-display:swap}',
    );
    expect(css).toMatch(/--sf-font-heading:"Lora", ui-serif/);
    // Inter of the saved text is a web font too: both files, once each.
    expect(css.match(/@font-face/g)).toHaveLength(2);
  });
});
