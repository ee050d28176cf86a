/** A `next` address to return to after signing in: a path inside the panel, never another site. */
export function safeNext(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.startsWith('/login'))
    return '/';
  return raw;
}
