import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ITEM_ADDED_HIGHLIGHT_MS, type Cart } from '@shopfront/shared';

/**
 * The cart's screen state (spec section 3 cart store flags "drawer open" and "item-added"): which
 * line was just added and whether the drawer shows. Not a store of the cart itself: the cart is
 * server state, held by the `cart` fetcher (use-cart.ts).
 */
interface CartUi {
  drawerOpen: boolean;
  /** The line highlighted for ITEM_ADDED_HIGHLIGHT_MS after an add (the item-added flag). */
  addedLineId: string | null;
  /** The cart an add answered, shown until the cart fetcher has its own (the first add of a visit). */
  answered: Cart | null;
  openDrawer: (added?: { cart: Cart; lineId: string | null }) => void;
  closeDrawer: () => void;
}

const CartUiContext = createContext<CartUi | null>(null);

export function CartUiProvider({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [addedLineId, setAddedLineId] = useState<string | null>(null);
  const [answered, setAnswered] = useState<Cart | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const openDrawer = useCallback<CartUi['openDrawer']>((added) => {
    if (added) {
      setAnswered(added.cart);
      setAddedLineId(added.lineId);
      if (timer.current) clearTimeout(timer.current);
      // Spec section 4: the item-added flag turns itself off after 2 seconds.
      timer.current = setTimeout(() => setAddedLineId(null), ITEM_ADDED_HIGHLIGHT_MS);
    }
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Following a link out of the drawer (or any navigation) closes it.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  const value = useMemo(
    () => ({ drawerOpen, addedLineId, answered, openDrawer, closeDrawer }),
    [drawerOpen, addedLineId, answered, openDrawer, closeDrawer],
  );
  return <CartUiContext value={value}>{children}</CartUiContext>;
}

const OUTSIDE: CartUi = {
  drawerOpen: false,
  addedLineId: null,
  answered: null,
  openDrawer: () => {},
  closeDrawer: () => {},
};

/** The drawer state; outside the shop shell (error pages) a closed drawer that never opens. */
export function useCartUi(): CartUi {
  return use(CartUiContext) ?? OUTSIDE;
}
