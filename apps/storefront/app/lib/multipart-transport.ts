import { CSRF_HEADER, CSRF_HEADER_VALUE, type ApiTransport } from '@shopfront/shared';

export interface UploadOptions {
  /** 0..1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * A transport that sends `form` as multipart/form-data (the browser sets the boundary) with the
 * same credentials and CSRF header as the JSON transport. XMLHttpRequest rather than fetch: only
 * it reports upload progress. A network failure answers status 0, like browserTransport.
 */
export function multipartTransport(form: FormData, { onProgress, signal }: UploadOptions): ApiTransport {
  return ({ method, path }) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      xhr.open(method, path);
      xhr.withCredentials = true;
      xhr.responseType = 'json';
      xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => {
        signal?.removeEventListener('abort', abort);
        resolve({ status: xhr.status, body: xhr.response as unknown });
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', abort);
        resolve({ status: 0, body: null });
      };
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send(form);
    });
}
