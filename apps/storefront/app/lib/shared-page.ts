/**
 * A route handle's mark (ADR 31): this page shows the same to everyone, so a signed-in shopper
 * or one with a cart is sent the shared cached page (apps/api/src/ssr/shared-pages.ts). Its
 * loaders must read nothing personal: the account, the cart and the wishlist are loaded by the
 * browser after hydration. A page that shows anything of the visitor's own must not carry it.
 */
export const SHARED_PAGE = { sharedPage: true } as const;
