import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  NETWORK_ERROR,
  adminSearchSharingApi,
  type SearchSharing,
} from '@shopfront/shared';
import { call } from '../../lib/api';

export const SEARCH_SHARING_QUERY = ['search-sharing'] as const;

/** The home page's title, description, sharing picture and favicon as saved. */
export function useSearchSharing() {
  return useQuery({
    queryKey: SEARCH_SHARING_QUERY,
    queryFn: async (): Promise<SearchSharing> => (await call(adminSearchSharingApi.get)).data,
  });
}

/**
 * Uploads the sharing picture or the favicon (multipart: the JSON client cannot send a file) and
 * answers its /media/… address; a refusal carries the API's message for the file.
 */
export async function uploadSharingPicture(kind: 'social' | 'favicon', file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(adminSearchSharingApi.upload.path.replace(':kind', kind), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: { url: string };
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (res.ok && body?.data) return body.data.url;
  throw new ApiError(res.status, body?.errors?.file?.[0] ?? body?.message ?? NETWORK_ERROR);
}
