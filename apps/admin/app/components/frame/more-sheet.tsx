import { NavLink } from 'react-router';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../ui/button';
import type { NavGroup } from '../../lib/nav';
import { NavIcon } from './icons';

/**
 * The phone's More sheet: the places the bottom bar has no room for, under the sidebar's group
 * headings (loaded when first opened). Taller than the screen, its list scrolls and Close stays
 * at the bottom, under the thumb.
 */
export default function MoreSheet({ groups, onClose }: { groups: NavGroup[]; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 bg-black/40"
    >
      <Modal className="fixed inset-x-0 bottom-0 rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none">
        <Dialog className="flex max-h-[85dvh] flex-col p-4 outline-none">
          <Heading slot="title" className="px-2 pb-2 text-sm font-semibold text-muted">
            More
          </Heading>
          <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            {groups.map((group) => (
              <section key={group.heading ?? 'main'} aria-label={group.heading ?? undefined}>
                {group.heading && (
                  <h3 className="px-2 pt-2 text-xs font-semibold tracking-wide text-muted uppercase">
                    {group.heading}
                  </h3>
                )}
                <ul>
                  {group.items.map((item) => (
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
                </ul>
              </section>
            ))}
            <a href="/" className="flex min-h-12 items-center gap-3 rounded-xl px-2 text-base text-muted">
              View the shop
            </a>
          </div>
          <Button variant="outline" onPress={onClose} className="mt-2 w-full">
            Close
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
