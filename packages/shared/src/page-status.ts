/** A page's status (issue 28), without zod: the panel's list reads it on its first screen. */
export const PAGE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
