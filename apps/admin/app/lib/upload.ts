import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, NETWORK_ERROR, type ApiSuccess } from '@shopfront/shared';

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

/**
 * Posts one file (multipart, field `file`: the JSON client cannot send one) and answers the API's
 * data and message; a refusal rejects with the API's message for the file, else its message.
 */
export async function postFile<T>(path: string, file: File): Promise<ApiSuccess<T>> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: T;
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (res.ok && body?.data) return { data: body.data, message: body.message };
  throw new ApiError(res.status, body?.errors?.file?.[0] ?? body?.message ?? NETWORK_ERROR, body?.errors);
}
