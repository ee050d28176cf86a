import { NavLink, useLocation } from 'react-router';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../ui/button';
import { navFor } from '../../lib/nav';
import { NavIcon } from './icons';
import { OrdersNavBadge } from '../../features/orders/nav-badge';

const tab = (active: boolean) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${active ? 'text-ink' : 'text-muted'}`;

/**
 * The phone's navigation (under 1024 px): the daily places in the thumb's reach, the rest under
 * More (a sheet from the bottom).
 */
export function BottomBar({ role }: { role: string }) {
  const items = navFor(role);
  const primary = items.filter((i) => i.primary || i.to === '/');
  const rest = items.filter((i) => !primary.includes(i));
  const { pathname } = useLocation();
  const moreActive = rest.some((i) => pathname.startsWith(`/admin${i.to}`));
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="flex">
        {primary.map((item) => (
          <li key={item.to} className="flex flex-1">
            <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => `relative ${tab(isActive)}`}>
              <NavIcon name={item.to} />
              {item.to === '/orders' && <OrdersNavBadge compact />}
              {item.label}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 && (
          <li className="flex flex-1">
            <DialogTrigger>
              <Button variant="quiet" className={`${tab(moreActive)} rounded-none`}>
                <NavIcon name="more" />
                More
              </Button>
              <ModalOverlay isDismissable className="fixed inset-0 z-40 bg-black/40">
                <Modal className="fixed inset-x-0 bottom-0 rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none">
                  <Dialog className="p-4 outline-none">
                    {({ close }) => (
                      <>
                        <Heading slot="title" className="px-2 pb-2 text-sm font-semibold text-muted">
                          More
                        </Heading>
                        <ul>
                          {rest.map((item) => (
                            <li key={item.to}>
                              <NavLink
                                to={item.to}
                                onClick={close}
                                className="flex min-h-12 items-center gap-3 rounded-xl px-2 text-base font-medium hover:bg-stone-50"
                              >
                                <NavIcon name={item.to} />
                                {item.label}
                              </NavLink>
                            </li>
                          ))}
                          <li>
                            <a
                              href="/"
                              className="flex min-h-12 items-center gap-3 rounded-xl px-2 text-base text-muted"
                            >
                              View the shop
                            </a>
                          </li>
                        </ul>
                        <Button variant="outline" onPress={close} className="mt-2 w-full">
                          Close
                        </Button>
                      </>
                    )}
                  </Dialog>
                </Modal>
              </ModalOverlay>
            </DialogTrigger>
          </li>
        )}
      </ul>
    </nav>
  );
}
