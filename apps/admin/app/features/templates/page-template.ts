import type { QueryClient } from '@tanstack/react-query';
import { contentApi } from '@shopfront/shared';
import { call } from '../../lib/api';
import { failure } from '../../lib/toast';
import type { EditRequest } from '../theme/preview-frame';
import { templatesQuery } from './templates-query';

/**
 * The preview's Edit Page: opens the template editor of the page on show (the home page's, a
 * page's own template, or the default page template for a page without one). Loaded when the
 * button is first pressed (the template list's and content API's code is not part of any editor's
 * first load).
 */
export async function openPageTemplate(
  page: NonNullable<EditRequest['page']>,
  qc: QueryClient,
  navigate: (to: string) => unknown,
): Promise<void> {
  const { slug, page_type } = page;
  const list = await qc.fetchQuery(templatesQuery);
  const own = list.find((t) => (page_type === 'Home' ? t.id === 'home' : t.page_slug === slug));
  if (own) return void navigate(`/templates/${own.id}`);
  // A CMS page without a template of its own is laid out by the default page template.
  const found = await call(contentApi.page, { params: { '*': slug } }).catch(() => null);
  if (found && list.some((t) => t.id === 'page')) return void navigate('/templates/page');
  void failure('This page is not built from a template: it has no sections to edit');
}
