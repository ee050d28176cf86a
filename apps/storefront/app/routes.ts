import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('shop-online/:slug?', 'routes/shop-online.tsx'),
  route('product-category/:slug', 'routes/product-category.tsx'),
  route('product-collection/:slug', 'routes/product-collection.tsx'),
  route('product/*', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  // Services mode (issue 27): a service's application form.
  route('apply/:slug', 'routes/apply.tsx'),
  route('blogs', 'routes/blogs.tsx'),
  route('blogs/:slug', 'routes/blog-post.tsx'),
  // The admin panel's preview of an unpublished post (its message fills it; nothing otherwise).
  route('preview/post', 'routes/preview.post.tsx'),
  // Cart and checkout (spec section 2 "Cart flow": Cart (1), Address (2), Payment (3)).
  route('cart', 'routes/cart.tsx'),
  route('cart/restore/:token', 'routes/cart.restore.$token.tsx'),
  route('checkout/address', 'routes/checkout.address.tsx'),
  route('checkout/payment', 'routes/checkout.payment.tsx'),
  // The order's result pages, each only for the shopper's own latest order.
  route('checkout-complete', 'routes/checkout-complete.tsx'),
  route('checkout-failed', 'routes/checkout-failed.tsx'),
  // Tracking: find an order by number and contact, or follow its link (/track-order/{slug}).
  route('track-order', 'routes/track-order._index.tsx'),
  route('track-order/:slug', 'routes/track-order.$slug.tsx'),
  // Services mode: an application's secret tracking link (/track-application/{token}).
  route('track-application/:token', 'routes/track-application.$token.tsx'),
  // Newsletter (emailSubscription plugin): signup page and action, and the links of its e-mails.
  route('newsletter', 'routes/newsletter.tsx'),
  route('newsletter/confirm/:token', 'routes/newsletter.confirm.$token.tsx'),
  route('newsletter/unsubscribe/:token', 'routes/newsletter.unsubscribe.$token.tsx'),
  // Account area: one layout (dashboard menu + auth guard), its sections as children.
  // Other areas add their own children here (addresses, wishlist, orders): see routes/account.tsx.
  route('account', 'routes/account.tsx', [
    index('routes/account._index.tsx'),
    route('profile', 'routes/account.profile.tsx'),
    route('security', 'routes/account.security.tsx'),
    route('reset-password', 'routes/account.reset-password-section.tsx'),
    route('reset-password/:email/:slug', 'routes/account.reset-password.tsx'),
    route('addresses', 'routes/account.addresses.tsx'),
    route('wishlist', 'routes/account.wishlist.tsx'),
    route('orders', 'routes/account.orders.tsx'),
    // Services mode: My Applications, and one application.
    route('applications', 'routes/account.applications.tsx'),
    route('applications/:ref', 'routes/account.application.tsx'),
    // Added by the emailSubscription plugin (features/plugins/account-menu.ts).
    route('newsletter', 'routes/account.newsletter.tsx'),
  ]),
  // Store states (spec section 4) and the Admin Panel link (spec section 2): standalone pages.
  route('password-protected', 'routes/password-protected.tsx'),
  route('coming-soon', 'routes/coming-soon.tsx'),
  route('under-maintenance', 'routes/under-maintenance.tsx'),
  // Resource routes: no UI, answered by their loaders/actions.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('resources/quickview/:slug', 'routes/resources.quickview.ts'),
  route('resources/search-suggestions', 'routes/resources.search-suggestions.ts'),
  route('resources/grid-columns', 'routes/resources.grid-columns.ts'),
  route('resources/channel', 'routes/resources.channel.ts'),
  route('resources/cart', 'routes/resources.cart.ts'),
  route('resources/admin-link', 'routes/resources.admin-link.ts'),
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig;
