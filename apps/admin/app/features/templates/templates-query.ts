import { adminTemplatesApi } from '@shopfront/shared';
import { call } from '../../lib/api';

export const TEMPLATES_KEY = ['templates'] as const;

/** The template list, shared by the list screen and the preview's Edit Page. */
export const templatesQuery = {
  queryKey: TEMPLATES_KEY,
  queryFn: async () => (await call(adminTemplatesApi.list)).data.templates,
};
