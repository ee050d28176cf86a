/**
 * The cookies of one storefront request as its in-process API calls change them. A loader's API
 * call may set or clear a cookie (a remembered session's sliding expiry, a dead session's
 * clearing, later a cart's cookie); the browser must get those Set-Cookie headers with the page,
 * and the calls that follow within the same request must already send the new values.
 */
export class ApiCookieJar {
  /** name → value, as the browser sent them, then as the API changed them. */
  private readonly values = new Map<string, string>();
  /** name → the last Set-Cookie header the API answered for it. */
  private readonly answered = new Map<string, string>();

  constructor(cookieHeader: string | undefined) {
    for (const pair of (cookieHeader ?? '').split(';')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      if (name && !this.values.has(name)) this.values.set(name, pair.slice(eq + 1).trim());
    }
  }

  /** The Cookie header the next in-process call sends, or undefined when there is none. */
  header(): string | undefined {
    if (this.values.size === 0) return undefined;
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the Set-Cookie headers of one API answer. */
  take(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const parsed = parseSetCookie(line);
      if (!parsed) continue;
      this.answered.set(parsed.name, line);
      if (parsed.expired) this.values.delete(parsed.name);
      else this.values.set(parsed.name, parsed.value);
    }
  }

  /**
   * The Set-Cookie headers to add to the page response: one per cookie (the last answer wins),
   * except those the page response sets itself (its own decision is the later one).
   */
  forResponse(ownSetCookies: readonly string[]): string[] {
    const own = new Set(ownSetCookies.map((line) => parseSetCookie(line)?.name));
    return [...this.answered].filter(([name]) => !own.has(name)).map(([, line]) => line);
  }
}

/** Name, value and whether the header deletes the cookie (Max-Age ≤ 0 or an Expires in the past). */
export function parseSetCookie(line: string): { name: string; value: string; expired: boolean } | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let maxAge: number | null = null;
  let expires: number | null = null;
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=', 2).map((s) => s.trim());
    if (/^max-age$/i.test(key)) maxAge = Number(raw);
    else if (/^expires$/i.test(key)) expires = Date.parse(raw);
  }
  // Max-Age wins over Expires (RFC 6265 5.3).
  const expired = maxAge !== null ? !(maxAge > 0) : expires !== null && expires <= Date.now();
  return { name, value, expired };
}
