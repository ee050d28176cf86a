import { describe, expect, it } from 'vitest';
import { changesOf, type ThemeDraft } from './draft';

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
});
