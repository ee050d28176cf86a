/**
 * The link rule (issue 28), without zod so browsing pages can check links too: a path on the
 * shop, an http(s) address, mailto: or tel:, never `javascript:` or another scheme a browser would run.
 */
export const SECTION_LINK_MESSAGE = 'Use a path on the shop (/…), an http(s) address, mailto: or tel:';
export const SAFE_LINK = /^(\/(?![/\\])|https?:\/\/[^\s]|mailto:[^\s]|tel:[+\d])/i;

/** Whether `href` passes the link rule. */
export const isSafeLink = (href: string) => SAFE_LINK.test(href);
