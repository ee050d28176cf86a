/** Session cookie that remembers a closed notice bar; read on the server so it never flashes. */
export const NOTICE_COOKIE = 'sf_notice_closed';

/**
 * A short fingerprint of the notice text: closing one message must not hide the next one the
 * shop owner publishes.
 */
export function noticeFingerprint(message: string): string {
  let h = 5381;
  for (let i = 0; i < message.length; i++) h = ((h << 5) + h + message.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
