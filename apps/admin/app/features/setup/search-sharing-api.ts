import { useQuery } from '@tanstack/react-query';
import { adminSearchSharingApi, type SearchSharing } from '@shopfront/shared';
import { call } from '../../lib/api';
import { postFile } from '../../lib/upload';

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
  const path = adminSearchSharingApi.upload.path.replace(':kind', kind);
  return (await postFile<{ url: string }>(path, file)).data.url;
}
