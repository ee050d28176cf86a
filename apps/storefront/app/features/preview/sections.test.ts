import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_SECTIONS, readContentBlock, readSection, readSections } from './sections';

describe('readSection', () => {
  it('fills in the schema defaults of a section sent with only what it needs', () => {
    expect(readSection({ key: 'm', type: 'marquee', settings: { items: ['Free shipping', 'Handmade'] } })).toEqual({
      key: 'm',
      type: 'marquee',
      settings: { items: ['Free shipping', 'Handmade'], duration_s: 20, link_url: null },
    });
    expect(readSection({ key: 'hero', type: 'hero_slider', settings: { slider_id: 'home-hero' } })).toEqual({
      key: 'hero',
      type: 'hero_slider',
      settings: { slider_id: 'home-hero', autoplay_ms: 6000 },
    });
    expect(readSection({ key: 'body', type: 'page_content' })).toEqual({
      key: 'body',
      type: 'page_content',
      settings: {},
    });
    expect(readSection({ key: 'grid', type: 'product_grid', settings: {} })).toEqual({
      key: 'grid',
      type: 'product_grid',
      settings: { title: '', source: 'latest', items: 8, layout: 'grid', view_all_url: null },
    });
  });

  it('reads an image with text, refusing a script link', () => {
    const settings = {
      title: 'Made slowly',
      text: 'Every piece is cut by hand.',
      image: { url: '/media/studio.jpg', alt: 'The studio' },
      image_position: 'right',
      link_url: '/about-us',
      link_text: 'Our story',
    };
    expect(readSection({ key: 'story', type: 'image_with_text', settings })).toEqual({
      key: 'story',
      type: 'image_with_text',
      settings,
    });
    expect(
      readSection({
        key: 'story',
        type: 'image_with_text',
        settings: { ...settings, link_url: 'javascript:alert(1)' },
      }),
    ).toBeNull();
    expect(
      readSection({ key: 'story', type: 'image_with_text', settings: { ...settings, link_url: '//evil.test' } }),
    ).toBeNull();
    expect(readSection({ key: 'story', type: 'image_with_text', settings: { ...settings, image: null } })).toBeNull();
  });

  it('takes the links the contract takes (mailto:, tel:) and leaves out a hidden section', () => {
    for (const link_url of ['mailto:hello@shop.test', 'tel:+919800000000', 'https://example.com']) {
      expect(readSection({ key: 'm', type: 'marquee', settings: { items: ['Hi'], link_url } })?.settings).toMatchObject(
        {
          link_url,
        },
      );
    }
    expect(
      readSection({ key: 'm', type: 'marquee', settings: { items: ['Hi'], link_url: '/\\evil.test' } }),
    ).toBeNull();
    expect(readSection({ key: 'm', type: 'marquee', hidden: true, settings: { items: ['Hi'] } })).toBeNull();
    expect(readSection({ key: 'm', type: 'marquee', hidden: false, settings: { items: ['Hi'] } })).not.toBeNull();
  });

  it('drops sections it cannot show: unknown type, bad key, wrong settings', () => {
    for (const bad of [
      null,
      [],
      { key: 'x', type: 'video', settings: {} },
      { key: 'x', type: '__proto__', settings: {} },
      { key: 'x', type: 'toString', settings: {} },
      { key: '', type: 'marquee', settings: { items: ['a'] } },
      { key: 'x', type: 'marquee', settings: { items: [] } },
      { key: 'x', type: 'marquee', settings: { items: ['a'], duration_s: 0 } },
      { key: 'x', type: 'marquee', settings: 'items' },
      { key: 'x', type: 'faq', settings: { faq_id: '../admin' } },
      { key: 'x', type: 'product_grid', settings: { items: 500 } },
      { key: 'x', type: 'product_grid', settings: { layout: 'masonry' } },
      { key: 'x', type: 'gallery', settings: { images: [] } },
      { key: 'x', type: 'gallery', settings: { images: [{ url: '/a.jpg', alt: 'A' }, 'b'] } },
      { key: 'x', type: 'blog_list', settings: { tag: 'Not A Tag' } },
      { key: 'x', type: 'rich_text', settings: { blocks: 'text' } },
    ]) {
      expect(readSection(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('reads a newsletter section with the schema defaults and its limits', () => {
    expect(readSection({ key: 'news', type: 'newsletter', settings: { title: 'Letters' } })).toEqual({
      key: 'news',
      type: 'newsletter',
      settings: { title: 'Letters', text: '', button_label: 'Subscribe', background: 'tinted' },
    });
    const full = { title: 'Letters', text: 'Twice a month', button_label: 'Join', background: 'brand' };
    expect(readSection({ key: 'news', type: 'newsletter', settings: full })?.settings).toEqual(full);
    for (const settings of [
      {},
      { title: '' },
      { title: 'x'.repeat(121) },
      { title: 'Letters', text: 'x'.repeat(301) },
      { title: 'Letters', button_label: '' },
      { title: 'Letters', button_label: 'x'.repeat(41) },
      { title: 'Letters', background: 'red' },
      { title: 'Letters', text: 5 },
    ]) {
      expect(readSection({ key: 'news', type: 'newsletter', settings }), JSON.stringify(settings)).toBeNull();
    }
  });

  it('keeps the rich-text blocks it can show and drops the rest', () => {
    const section = readSection({
      key: 'intro',
      type: 'rich_text',
      settings: {
        blocks: [
          { type: 'heading', text: 'Our story', level: 3 },
          { type: 'html', html: '<b>x</b>' },
          { type: 'list', items: ['One', 'Two'] },
          { type: 'heading', text: 'Too deep', level: 5 },
        ],
      },
    });
    expect(section?.settings).toEqual({
      title: '',
      blocks: [
        { type: 'heading', text: 'Our story', level: 3 },
        { type: 'list', items: ['One', 'Two'], ordered: false },
      ],
    });
    expect(readContentBlock({ type: 'quote', text: 'Lovely', cite: null })).toEqual({
      type: 'quote',
      text: 'Lovely',
      cite: null,
    });
  });
});

describe('readSections', () => {
  it('skips a repeated key and stops at the maximum', () => {
    const m = (key: string) => ({ key, type: 'marquee', settings: { items: [key] } });
    expect(readSections([m('a'), m('b'), m('a')]).map((s) => s.key)).toEqual(['a', 'b']);
    const many = Array.from({ length: PREVIEW_MAX_SECTIONS + 5 }, (_, i) => m(`s${i}`));
    expect(readSections(many)).toHaveLength(PREVIEW_MAX_SECTIONS);
  });
});
