import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminTemplatesApi, contentApi } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import type { EditRequest } from '../theme/preview-frame';

export const TEMPLATES_KEY = ['templates'] as const;

/** The template list, shared by the list screen and the preview's Edit Page. */
export const templatesQuery = {
  queryKey: TEMPLATES_KEY,
  queryFn: async () => (await call(adminTemplatesApi.list)).data.templates,
};

/**
 * The preview's Edit buttons: Edit Header opens the header's menu, Edit Footer the footer's first
 * column (the menu screen switches to the second); Edit Page opens the template editor of the page
 * on show (the home page's, a page's own template, or the default page template for a page
 * without one).
 */
export function useEditFromPreview(): (request: EditRequest) => void {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useCallback(
    (request: EditRequest) => {
      if (request.target !== 'page') {
        void navigate(request.target === 'header' ? '/menus/main-menu' : '/menus/footer-shop');
        return;
      }
      if (!request.page) {
        void failure('This page is not built from a template: it has no sections to edit');
        return;
      }
      const { slug, page_type } = request.page;
      void (async () => {
        const list = await qc.fetchQuery(templatesQuery);
        const own = list.find((t) => (page_type === 'Home' ? t.id === 'home' : t.page_slug === slug));
        if (own) return navigate(`/templates/${own.id}`);
        // A CMS page without a template of its own is laid out by the default page template.
        const page = await call(contentApi.page, { params: { '*': slug } }).catch(() => null);
        if (page && list.some((t) => t.id === 'page')) return navigate('/templates/page');
        void failure('This page is not built from a template: it has no sections to edit');
      })().catch((err: unknown) => void failure(errorText(err)));
    },
    [navigate, qc],
  );
}
