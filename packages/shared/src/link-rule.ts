/**
 * The link rule (issue 28), without zod so browsing pages can check links too: a path on the
 * shop, an http(s) address, mailto: or tel:, never `javascript:` or another scheme a browser would run.
 * A path may not start `//` or `/\` (another host), nor hold a control character anywhere: a
 * browser drops tabs and line breaks from an address, so `/<tab>/evil.example` opens evil.example.
 */
export const SECTION_LINK_MESSAGE = 'Use a path on the shop (/…), an http(s) address, mailto: or tel:';
// eslint-disable-next-line no-control-regex
export const SAFE_LINK = /^(?![\s\S]*[\u0000-\u001f\u007f])(\/(?![/\\])|https?:\/\/[^\s]|mailto:[^\s]|tel:[+\d])/i;

/** Whether `href` passes the link rule. */
export const isSafeLink = (href: string) => SAFE_LINK.test(href);
