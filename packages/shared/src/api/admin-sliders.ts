import type {
  AdminSliderCreateSchema,
  AdminSliderDeletedSchema,
  AdminSliderListSchema,
  AdminSliderParamsSchema,
  AdminSliderRenameSchema,
  AdminSliderSchema,
  AdminSlidesBodySchema,
} from '../schemas/admin-sliders.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminSliderParamsSchema;
type Slider = typeof AdminSliderSchema;

/**
 * The slider editor (issue 28), area `content`. A rename or slides save carries
 * `If-Match: <version>` (the slider's `version`, also its ETag): 409 when it changed since.
 */
export const adminSlidersApi = {
  list: endpoint<{ data: typeof AdminSliderListSchema }>('GET', '/api/admin/sliders'),
  create: endpoint<{ body: typeof AdminSliderCreateSchema; data: Slider }>('POST', '/api/admin/sliders'),
  get: endpoint<{ params: Params; data: Slider }>('GET', '/api/admin/sliders/:id'),
  rename: endpoint<{ params: Params; body: typeof AdminSliderRenameSchema; data: Slider }>(
    'PATCH',
    '/api/admin/sliders/:id',
  ),
  /**
   * Replaces the slider's whole slide list, and its name when given (one History version);
   * shoppers see it at once.
   */
  saveSlides: endpoint<{ params: Params; body: typeof AdminSlidesBodySchema; data: Slider }>(
    'PUT',
    '/api/admin/sliders/:id/slides',
  ),
  /** 409 while a template shows the slider. */
  remove: endpoint<{ params: Params; data: typeof AdminSliderDeletedSchema }>('DELETE', '/api/admin/sliders/:id'),
} as const;
