import type { Staff } from '@shopfront/shared';
import { Button } from '../ui/button';
import { NavIcon } from './icons';
import { roleLabel } from '../../lib/nav';
import { useShopSettings } from '../../lib/store-mode';

/** The signed-in header: the shop's name, who is signed in and as what, and the palette's button. */
export function Header({ me, onOpenPalette }: { me: Staff; onOpenPalette: () => void }) {
  const shop = useShopSettings();
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold" data-testid="shop-name">
            {shop.data?.store_name ?? 'Shop admin'}
          </p>
        </div>
        <Button variant="quiet" onPress={onOpenPalette} className="gap-2 px-3 text-muted">
          <NavIcon name="search" />
          <span className="sr-only sm:not-sr-only">Search</span>
          <kbd aria-hidden="true" className="hidden rounded border border-line px-1.5 text-xs font-medium sm:inline">
            Ctrl K
          </kbd>
        </Button>
        <div className="text-right leading-tight" data-testid="signed-in-as">
          <p className="max-w-[9rem] truncate text-sm font-medium sm:max-w-none">{me.name}</p>
          <p className="text-xs text-muted">{roleLabel(me.role)}</p>
        </div>
      </div>
    </header>
  );
}
