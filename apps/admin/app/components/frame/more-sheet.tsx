import { NavLink } from 'react-router';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../ui/button';
import type { NavItem } from '../../lib/nav';
import { NavIcon } from './icons';

/** The phone's More sheet: the places the bottom bar has no room for (loaded when first opened). */
export default function MoreSheet({ items, onClose }: { items: NavItem[]; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 bg-black/40"
    >
      <Modal className="fixed inset-x-0 bottom-0 rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none">
        <Dialog className="p-4 outline-none">
          <Heading slot="title" className="px-2 pb-2 text-sm font-semibold text-muted">
            More
          </Heading>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={onClose}
                  className="flex min-h-12 items-center gap-3 rounded-xl px-2 text-base font-medium hover:bg-stone-50"
                >
                  <NavIcon name={item.to} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/" className="flex min-h-12 items-center gap-3 rounded-xl px-2 text-base text-muted">
                View the shop
              </a>
            </li>
          </ul>
          <Button variant="outline" onPress={onClose} className="mt-2 w-full">
            Close
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
