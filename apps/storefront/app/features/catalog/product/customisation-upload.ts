import { ApiError, NETWORK_ERROR, callEndpoint, cartApi } from '@shopfront/shared';
import { multipartTransport, type UploadOptions } from '../../../lib/multipart-transport';

/**
 * The bounds of POST /api/cart/customisation-image, checked in the browser before a large or
 * unsuitable file is sent over a phone connection. The API decides (it reads the bytes, not the
 * declared type) and its messages are shown as they come; these repeat its wording.
 */
export const CUSTOMISATION_UPLOAD = {
  field: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 5 * 1_048_576,
  messages: {
    type: 'Please upload a JPEG, PNG or WebP image',
    tooLarge: 'The image is too large (at most 5 MB)',
  },
} as const;

/** The file picker's `accept`. */
export const CUSTOMISATION_ACCEPT = CUSTOMISATION_UPLOAD.types.join(',');

/**
 * Why this file will not do, or null to send it. An empty type (some browsers leave it out) is
 * left to the API, which tells the format from the bytes.
 */
export function precheckImage(file: { type: string; size: number }): string | null {
  const types: readonly string[] = CUSTOMISATION_UPLOAD.types;
  if (file.type && !types.includes(file.type)) return CUSTOMISATION_UPLOAD.messages.type;
  if (file.size > CUSTOMISATION_UPLOAD.maxBytes) return CUSTOMISATION_UPLOAD.messages.tooLarge;
  return null;
}

/** The message to show beside the picker for a failed upload: the field's, else the answer's. */
export function uploadErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.errors[CUSTOMISATION_UPLOAD.field]?.[0] ?? err.message;
  return NETWORK_ERROR;
}

/**
 * Uploads the image of a product customisation; answers its `image_path` for add-item's
 * `additonal_data`. Throws ApiError with the API's message (see uploadErrorMessage).
 */
export async function uploadCustomisationImage(file: File, options: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append(CUSTOMISATION_UPLOAD.field, file, file.name);
  const { data } = await callEndpoint(multipartTransport(form, options), cartApi.customisationImage);
  return data.image_path;
}
