import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import type { EditRequest } from '../theme/preview-frame';

/**
 * The preview's Edit buttons: Edit Header opens the header's menu, Edit Footer the footer's first
 * column (the menu screen switches to the second); Edit Page opens the template editor of the page
 * on show (page-template.ts, loaded when first pressed).
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
      const { page } = request;
      if (!page) {
        void failure('This page is not built from a template: it has no sections to edit');
        return;
      }
      import('./page-template')
        .then(({ openPageTemplate }) => openPageTemplate(page, qc, navigate))
        .catch((err: unknown) => void failure(errorText(err)));
    },
    [navigate, qc],
  );
}
