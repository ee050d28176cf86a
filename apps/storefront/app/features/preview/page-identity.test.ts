import { describe, expect, it } from 'vitest';
import { pageIdentity } from './page-identity';

describe('pageIdentity', () => {
  const root = { loaderData: { storefront: {} }, handle: undefined };

  it('names a CMS page by its slug and its template page type', () => {
    const cms = { loaderData: { page: { slug: 'about-us' }, page_type: 'Page', template: { page_type: 'Page' } } };
    expect(pageIdentity([root, cms], '/about-us')).toEqual({ slug: 'about-us', page_type: 'Page' });
  });

  it('names the home page from its handle and templateBoth page type', () => {
    const home = { loaderData: { template: { page_type: 'Home', template: {} } }, handle: { page: { slug: 'home' } } };
    expect(pageIdentity([root, home], '/')).toEqual({ slug: 'home', page_type: 'Home' });
  });

  it('falls back to the path and the default type for pages without a template', () => {
    const product = { loaderData: { product: { slug: 'linen-shirt' } } };
    expect(pageIdentity([root, product], '/product/linen-shirt/')).toEqual({
      slug: 'product/linen-shirt',
      page_type: 'Page',
    });
    expect(pageIdentity([root], '/')).toEqual({ slug: 'home', page_type: 'Page' });
  });
});
