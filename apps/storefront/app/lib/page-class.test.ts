import { describe, expect, it } from 'vitest';
import type { UIMatch } from 'react-router';
import { pageSlug } from './page-class';

const match = (loaderData: unknown, handle?: unknown): UIMatch =>
  ({ id: 'x', pathname: '/', params: {}, data: loaderData, loaderData, handle }) as UIMatch;

describe('pageSlug (body class page--{slug})', () => {
  it('uses the page slug, else the parent slug, else home', () => {
    expect(pageSlug([match({}), match({ page: { slug: 'about-us', parent_slug: null } })])).toBe('about-us');
    expect(pageSlug([match({}), match({ page: { slug: null, parent_slug: 'help' } })])).toBe('help');
    expect(pageSlug([match({}), match({ slider: {} })])).toBe('home');
    expect(pageSlug([])).toBe('home');
  });

  it('reads a route handle when the loader data has no page, and keeps class names valid', () => {
    expect(pageSlug([match({}), match({}, { page: { slug: 'home' } })])).toBe('home');
    expect(pageSlug([match({ page: { slug: 'help/faq', parent_slug: 'help' } })])).toBe('help-faq');
  });
});
