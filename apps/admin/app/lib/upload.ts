import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, NETWORK_ERROR } from '@shopfront/shared';

/**
 * Uploads one picture (multipart, field `file`) to `path` with its Idempotency-Key, telling
 * progress as it goes (XMLHttpRequest: fetch has no upload progress). A retry with the same key
 * answers the same picture. Resolves with the answer's data; rejects with the API's message, or
 * the network message.
 */
export function uploadPicture<T>(
  path: string,
  file: File,
  key: string,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('idempotency-key', key);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onload = () => {
      let body: { data?: T; message?: string; errors?: Record<string, string[]> } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.data) resolve(body.data);
      else reject(new ApiError(xhr.status, body?.errors?.file?.[0] ?? body?.message ?? NETWORK_ERROR));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The file types a picture upload takes (the API tells them by their bytes). */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';
