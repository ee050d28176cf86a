import { describe, expect, it } from 'vitest';
import { changesOf, previewMessageOf, versionDraft, type ThemeDraft } from './draft';
import { themeDiff } from './theme-diff';

const saved: ThemeDraft = {
  theme: {
    primary: '#0f766e',
    secondary: '#334155',
    accent: '#f59e0b',
    background: '#ffffff',
    surface: '#fafaf9',
    text: '#1c1917',
    muted: '#57534e',
    topbar_background: '#1c1917',
    topbar_text: '#ffffff',
    footer_background: '#1c1917',
    footer_text: '#ffffff',
  },
  typography: { body_font: 'system-ui', heading_font: 'Georgia' },
  logo: { url: '', alt: '' },
  custom_css: '',
  page_layout: 'full_width',
  is_sticky_header_enabled: true,
  is_scroll_button_enabled: false,
  notice_bar: {
    enabled: true,
    message: 'Free shipping',
    link_text: 'Read more',
    page_slug: 'shipping',
    is_closable: true,
  },
  topbar: { enabled: false, message: '' },
  is_cookie_warning_enabled: true,
  cookie_warning: { title: 'Cookies', message: 'We use cookies.' },
};

describe('the Theme screen’s publish body', () => {
  it('is null when nothing changed', () => {
    expect(changesOf(saved, structuredClone(saved))).toBeNull();
  });

  it('carries only the changed keys, nested objects with only their changed fields', () => {
    const draft = structuredClone(saved);
    draft.theme.primary = '#7c3aed';
    draft.is_scroll_button_enabled = true;
    draft.notice_bar.message = 'Free shipping above ₹999';
    draft.cookie_warning.title = 'Your privacy';
    expect(changesOf(saved, draft)).toEqual({
      theme: { primary: '#7c3aed' },
      is_scroll_button_enabled: true,
      notice_bar: { message: 'Free shipping above ₹999' },
      cookie_warning: { title: 'Your privacy' },
    });
  });

  it('sends an emptied link text or page as null', () => {
    const draft = structuredClone(saved);
    draft.notice_bar.link_text = ' ';
    draft.notice_bar.page_slug = '';
    expect(changesOf(saved, draft)).toEqual({ notice_bar: { link_text: null, page_slug: null } });
  });

  it('sends a chosen font, a logo (none when its address is emptied) and custom CSS', () => {
    const draft = structuredClone(saved);
    draft.typography.body_font = 'Verdana';
    draft.logo = { url: ' /media/2026/logo.png ', alt: 'Loom & Leaf' };
    draft.custom_css = '.x{}';
    expect(changesOf(saved, draft)).toEqual({
      typography: { body_font: 'Verdana' },
      logo: { url: '/media/2026/logo.png', alt: 'Loom & Leaf' },
      custom_css: '.x{}',
    });
    const withLogo = { ...saved, logo: { url: '/media/a.png', alt: '' } };
    expect(changesOf(withLogo, { ...withLogo, logo: { url: '', alt: '' } })).toEqual({ logo: null });
  });
});

describe('the preview message and the conflict notice', () => {
  it('previews the whole draft in the storefront settings’ shapes', () => {
    const m = previewMessageOf({ ...saved, notice_bar: { ...saved.notice_bar, link_text: ' ' } });
    expect(m).toMatchObject({
      type: 'shopfront:preview:theme',
      typography: { body_font: 'system-ui' },
      logo: null,
      page_layout: 'full_width',
      notice_bar: { link_text: null, page_slug: 'shipping' },
    });
  });

  it('lists each field that differs, theirs against yours', () => {
    const theirs = structuredClone(saved);
    theirs.theme.primary = '#7c3aed';
    theirs.is_sticky_header_enabled = false;
    const yours = structuredClone(saved);
    yours.typography.body_font = 'Verdana';
    expect(themeDiff(theirs, yours)).toEqual([
      'Colour · primary: theirs #7c3aed, yours #0f766e',
      'Font · body font: theirs system-ui, yours Verdana',
      'Sticky header: theirs off, yours on',
    ]);
  });
});

describe('a kept Theme version as the draft (History’s Restore)', () => {
  const version = (body: Record<string, unknown>) => ({
    id: 7,
    published_at: '2026-12-01T10:00:00.000Z',
    published_by: 'owner@example.com',
    summary: 'Colours',
    body,
  });
  // The version's body: the whole look as the API keeps it (null link text, page and logo).
  const body = {
    ...saved,
    theme: { ...saved.theme, primary: '#b91c1c' },
    logo: null,
    notice_bar: { ...saved.notice_bar, link_text: null, page_slug: null },
    custom_css: '.kept {}',
  };

  it('is the whole look, empty fields for what the version has none of', () => {
    const draft = versionDraft(version(body), saved);
    expect(draft.theme.primary).toBe('#b91c1c');
    expect(draft.logo).toEqual({ url: '', alt: '' });
    expect(draft.notice_bar).toMatchObject({ link_text: '', page_slug: '' });
    expect(draft.custom_css).toBe('.kept {}');
    expect(changesOf(saved, draft)).toEqual({
      theme: { primary: '#b91c1c' },
      custom_css: '.kept {}',
      notice_bar: { link_text: null, page_slug: null },
    });
  });

  it('keeps the draft’s custom CSS when the version has none (shown to owners only)', () => {
    const { custom_css: _css, ...withoutCss } = body;
    const draft = versionDraft(version(withoutCss), { ...saved, custom_css: 'mine {}' });
    expect(draft.custom_css).toBe('mine {}');
  });
});
