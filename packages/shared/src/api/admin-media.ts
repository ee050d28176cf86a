import type {
  MediaItemSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaParamsSchema,
  MediaPatchSchema,
} from '../schemas/admin-media.ts';
import { endpoint } from './endpoint.ts';

type Item = typeof MediaItemSchema;

/** The media library (issue 28), area `content`: owner, manager, content editor. */
export const adminMediaApi = {
  list: endpoint<{ query: typeof MediaListQuerySchema; data: typeof MediaListSchema }>('GET', '/api/admin/media'),
  /** Multipart, one file in the field `file`; `Idempotency-Key` makes a retry answer the same picture. */
  upload: endpoint<{ data: Item }>('POST', '/api/admin/media'),
  update: endpoint<{ params: typeof MediaParamsSchema; body: typeof MediaPatchSchema; data: Item }>(
    'PATCH',
    '/api/admin/media/:id',
  ),
  remove: endpoint<{ params: typeof MediaParamsSchema; data: typeof MediaParamsSchema }>(
    'DELETE',
    '/api/admin/media/:id',
  ),
} as const;
