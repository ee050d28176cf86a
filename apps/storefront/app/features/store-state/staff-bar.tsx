import type { StoreState } from '@shopfront/shared';
import { Container } from '../../components/container';
import { useShop } from '../../lib/shop';
import { AdminPanelLink } from './admin-panel-link';

/** How the owner's settings name each closed state. */
const SHOPPER_SEES: Record<Exclude<StoreState, 'open'>, string> = {
  password: 'Password protected',
  'coming-soon': 'Coming Soon',
  maintenance: 'Under Maintenance',
};

/**
 * A slim strip above everything, for signed-in staff only while the shop is closed to shoppers:
 * staff see the open shop, and this says what everyone else sees instead, with the Admin Panel
 * button. Its colours are not the theme's, so it never passes for part of the shop.
 */
export function StaffBar() {
  const { access } = useShop();
  if (!access.staff || access.shopper_state === 'open') return null;
  return (
    <div
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      role="region"
      aria-label="Staff notice"
      data-testid="staff-bar"
    >
      <Container className="flex min-h-11 items-center justify-between gap-3 py-1">
        <p className="text-xs leading-snug sm:text-sm">
          <strong className="font-semibold">Shoppers see: {SHOPPER_SEES[access.shopper_state]}</strong>
          <span className="text-amber-900"> — you see the shop because you are signed in as staff</span>
        </p>
        <AdminPanelLink className="inline-flex h-11 shrink-0 items-center rounded-full px-3 text-xs font-semibold whitespace-nowrap underline underline-offset-2 hover:bg-amber-200 sm:text-sm" />
      </Container>
    </div>
  );
}
