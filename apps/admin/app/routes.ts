import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('login', 'routes/login.tsx'),
  layout('routes/frame.tsx', [
    index('routes/home.tsx'),
    route('setup', 'routes/setup.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:id', 'routes/orders.$id.tsx'),
    route('customers', 'routes/customers.tsx'),
    route('customers/:id', 'routes/customers.$id.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    route('products', 'routes/products.tsx'),
    route('products/low-stock', 'routes/products.low-stock.tsx'),
    route('products/bulk', 'routes/products.bulk.tsx'),
    route('products/:id', 'routes/products.$id.tsx'),
    route('account', 'routes/account.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('activity', 'routes/activity.tsx'),
    route('signups', 'routes/signups.tsx'),
    route('form-submissions', 'routes/form-submissions.tsx'),
    route('trade-enquiries', 'routes/trade-enquiries.tsx'),
    route('plugins', 'routes/plugins.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
