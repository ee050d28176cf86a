import { describe, expect, it } from 'vitest';
import type { Section } from '@shopfront/shared';
import { PREVIEW_MAX_ROWS } from './content';
import { parseParentMessage } from './messages';
import { NO_PREVIEW_CONTENT, previewedData, withContentMessage, type ContentMessage } from './preview-content';

const XSS = '<img src=x onerror="window.__xss=1">';
const read = (m: unknown) => parseParentMessage(m) as ContentMessage;

describe('shopfront:preview:post', () => {
  it('reads the post as its page shows it, with the reading time worked out from the text', () => {
    const words = Array.from({ length: 450 }, () => 'word').join(' ');
    expect(
      read({
        type: 'shopfront:preview:post',
        post: {
          title: 'Caring for linen',
          excerpt: 'Wash cool.',
          cover_image: { url: '/media/2026/linen.jpg', alt: 'Folded linen' },
          body: [{ type: 'paragraph', text: words }, { type: 'video' }],
          author: 'Ana',
          published_at: '2026-11-30T09:00:00Z',
          tags: ['care-guides', 'Bad Tag', 3],
          extra: 'ignored',
        },
      }),
    ).toEqual({
      type: 'shopfront:preview:post',
      post: {
        title: 'Caring for linen',
        excerpt: 'Wash cool.',
        cover_image: { url: '/media/2026/linen.jpg', alt: 'Folded linen' },
        body: [{ type: 'paragraph', text: words }],
        author: 'Ana',
        published_at: '2026-11-30T09:00:00.000Z',
        tags: ['care-guides'],
        reading_minutes: 3,
      },
    });
  });

  it('leaves out what it cannot show: a script or protocol-relative cover, a script link, a bad date', () => {
    const post = (fields: Record<string, unknown>) =>
      (read({ type: 'shopfront:preview:post', post: fields }) as Extract<ContentMessage, { post: unknown }>).post;
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x.jpg',
      'http://plain.example/x.jpg',
      'data:image/png,x',
    ]) {
      expect(post({ cover_image: { url, alt: 'x' } }).cover_image).toBeNull();
    }
    expect(post({ cover_image: { url: 'https://cdn.example/x.jpg' } }).cover_image).toEqual({
      url: 'https://cdn.example/x.jpg',
      alt: '',
    });
    const body = post({
      body: [{ type: 'paragraph', text: 'x', spans: [{ text: 'x', href: 'javascript:alert(1)' }] }],
    }).body;
    expect(body).toEqual([]);
    expect(post({ published_at: 'yesterday', title: 42, author: ['a'] })).toMatchObject({
      published_at: null,
      title: '',
      author: '',
      reading_minutes: 1,
    });
    // Markup stays text: the reader keeps it as typed, React escapes it.
    expect(post({ title: XSS }).title).toBe(XSS);
    expect(parseParentMessage({ type: 'shopfront:preview:post' })).toBeNull();
    expect(parseParentMessage({ type: 'shopfront:preview:post', post: 'x' })).toBeNull();
  });
});

describe('shopfront:preview:slider, faq and testimonials', () => {
  it('reads slides: a button needs a safe address and text, a picture a safe address', () => {
    const m = read({
      type: 'shopfront:preview:slider',
      id: 'home-hero',
      slides: [
        {
          title: 'Autumn',
          subtitle: 'Warm',
          image_url: '/media/a.jpg',
          image_alt: 'A',
          link_url: '/shop',
          link_text: 'Shop',
        },
        { title: XSS, image_url: 'javascript:alert(1)', link_url: 'javascript:alert(1)', link_text: 'Go' },
        { title: 'No text', link_url: '/shop', link_text: '' },
        'junk',
      ],
    });
    expect(m).toEqual({
      type: 'shopfront:preview:slider',
      id: 'home-hero',
      slides: [
        {
          id: -1,
          title: 'Autumn',
          subtitle: 'Warm',
          image: { url: '/media/a.jpg', alt: 'A' },
          link_url: '/shop',
          link_text: 'Shop',
        },
        { id: -2, title: XSS, subtitle: '', image: { url: '', alt: '' }, link_url: null, link_text: null },
        { id: -3, title: 'No text', subtitle: '', image: { url: '', alt: '' }, link_url: null, link_text: null },
      ],
    });
    expect(parseParentMessage({ type: 'shopfront:preview:slider', id: '../x', slides: [] })).toBeNull();
    expect(parseParentMessage({ type: 'shopfront:preview:slider', id: 'a', slides: {} })).toBeNull();
  });

  it('reads FAQ questions without hidden or empty ones, and the group title when sent', () => {
    expect(
      read({
        type: 'shopfront:preview:faq',
        id: 'shipping',
        title: 'Shipping',
        items: [
          { question: 'How long?', answer: 'Two days.', is_published: true },
          { question: 'Hidden?', answer: 'Yes', is_published: false },
          { question: '  ', answer: 'No question' },
          { question: 'Answer not text?', answer: 5 },
        ],
      }),
    ).toEqual({
      type: 'shopfront:preview:faq',
      id: 'shipping',
      title: 'Shipping',
      description: null,
      items: [
        { id: -1, question: 'How long?', answer: 'Two days.' },
        { id: -4, question: 'Answer not text?', answer: '' },
      ],
    });
    expect(parseParentMessage({ type: 'shopfront:preview:faq', id: 'x' })).toBeNull();
  });

  it('reads testimonials: stars 1 to 5, a safe picture, no hidden ones, at most the maximum', () => {
    const m = read({
      type: 'shopfront:preview:testimonials',
      items: [
        {
          author: 'Maya',
          author_title: 'Linen set',
          quote: 'Soft.',
          rating: 5,
          picture: '/media/m.jpg',
          is_published: true,
        },
        { author: 'Sam', quote: 'Fine.', rating: 9, picture: 'javascript:alert(1)' },
        { author: 'Hidden', quote: 'x', is_published: false },
        { author: '', quote: 'No name' },
      ],
    });
    expect(m).toEqual({
      type: 'shopfront:preview:testimonials',
      items: [
        {
          id: -1,
          author: 'Maya',
          author_title: 'Linen set',
          quote: 'Soft.',
          rating: 5,
          avatar: { url: '/media/m.jpg', alt: 'Maya' },
        },
        { id: -2, author: 'Sam', author_title: '', quote: 'Fine.', rating: null, avatar: null },
      ],
    });
    const many = Array.from({ length: PREVIEW_MAX_ROWS + 5 }, (_, i) => ({ author: `A${i}`, quote: 'q' }));
    const all = read({ type: 'shopfront:preview:testimonials', items: many });
    expect(all.type === 'shopfront:preview:testimonials' && all.items.length).toBe(PREVIEW_MAX_ROWS);
    expect(parseParentMessage({ type: 'shopfront:preview:testimonials', items: 'x' })).toBeNull();
  });
});

describe('previewedData', () => {
  const hero = { key: 'hero', type: 'hero_slider', settings: { slider_id: 'home-hero', autoplay_ms: 6000 } } as Section;
  const faq = { key: 'q', type: 'faq', settings: { title: '', faq_id: 'shipping' } } as Section;
  const quotes = { key: 't', type: 'testimonials', settings: { title: '', limit: 1 } } as Section;

  it('puts the previewed slides, questions and quotes in place of the saved, for the matching ids only', () => {
    let content = NO_PREVIEW_CONTENT;
    for (const m of [
      { type: 'shopfront:preview:slider', id: 'home-hero', slides: [{ title: 'New slide' }] },
      { type: 'shopfront:preview:faq', id: 'shipping', items: [{ question: 'New?', answer: 'Yes' }] },
      {
        type: 'shopfront:preview:testimonials',
        items: [
          { author: 'A', quote: 'a' },
          { author: 'B', quote: 'b' },
        ],
      },
    ]) {
      content = withContentMessage(content, read(m), '/');
    }
    const savedSlider = { id: 'home-hero', name: 'Home hero', slides: [] };
    expect(previewedData(hero, savedSlider, content)).toMatchObject({
      name: 'Home hero',
      slides: [{ title: 'New slide' }],
    });
    expect(
      previewedData({ ...hero, settings: { slider_id: 'other', autoplay_ms: 0 } } as Section, null, content),
    ).toBeNull();
    expect(previewedData(faq, { id: 'shipping', title: 'Saved', description: 'd', items: [] }, content)).toEqual({
      id: 'shipping',
      title: 'Saved',
      description: 'd',
      items: [{ id: -1, question: 'New?', answer: 'Yes' }],
    });
    // A testimonials section shows up to its limit.
    expect(previewedData(quotes, null, content)).toMatchObject({ testimonials: [{ author: 'A' }] });
    expect(previewedData(quotes, { testimonials: [] }, NO_PREVIEW_CONTENT)).toEqual({ testimonials: [] });
  });

  it('keeps a post for the page it was sent on', () => {
    const content = withContentMessage(
      NO_PREVIEW_CONTENT,
      read({ type: 'shopfront:preview:post', post: { title: 'T' } }),
      '/preview/post',
    );
    expect(content.post).toMatchObject({ path: '/preview/post', post: { title: 'T' } });
  });
});
