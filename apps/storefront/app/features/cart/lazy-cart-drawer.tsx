import { lazy, Suspense, useEffect, useState } from 'react';
import { useFetchers } from 'react-router';
import { useCartUi } from './cart-ui';
import { isCartSubmission } from './revalidation';

const load = () => import('./cart-drawer');
const CartDrawer = lazy(() => load().then((m) => ({ default: m.CartDrawer })));

/**
 * The cart drawer, kept out of every page's first download (it brings the cart lines with it):
 * fetched when an Add to cart starts (the drawer opens when the cart answers) or when the
 * drawer is opened. Once loaded it stays mounted, so opening it again is instant.
 */
export function LazyCartDrawer() {
  const { drawerOpen } = useCartUi();
  const adding = useFetchers().some((f) => f.state === 'submitting' && isCartSubmission(f));
  const [wanted, setWanted] = useState(false);
  if (drawerOpen && !wanted) setWanted(true);

  useEffect(() => {
    if (adding) void load();
  }, [adding]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
