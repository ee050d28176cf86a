import type { StorefrontLoadContext } from '@shopfront/shared';

/** The query the admin panel adds to the pages it frames: `?preview=1` (docs/preview-protocol.md). */
export const PREVIEW_QUERY = 'preview';

/** The admin panel's origin (env ADMIN_ORIGIN, handed over by the server), or null when none is set. */
export function adminOriginOf(context: unknown): string | null {
  return (context as Partial<StorefrontLoadContext>).adminOrigin ?? null;
}

/** A page the admin panel asked for to preview: it must never be kept by any cache. */
export function isPreviewRequest(request: Request): boolean {
  return new URL(request.url).searchParams.get(PREVIEW_QUERY) === '1';
}
