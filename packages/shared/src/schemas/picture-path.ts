/**
 * The one rule for a picture address the owner sets (a logo, a testimonial's photo, a post's
 * cover, an image block): a file under /media/ (uploaded; letters, digits, `._/-`, no `..`) or an
 * https:// address without spaces, quotes, angle brackets or backslashes.
 */
export function isPicturePath(value: string): boolean {
  return (/^\/media\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes('..')) || /^https:\/\/[^\s"'<>\\]+$/.test(value);
}
