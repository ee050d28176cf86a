import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@shopfront/shared';
import { SmartLink } from '../../components/smart-link';
import { AdminPanelLink } from '../store-state/admin-panel-link';
import { BagIcon, CloseIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { ChannelPicker } from '../channels/channel-picker';
import { SearchForm } from './search-form';

const DRAWER_ID = 'mobile-menu';

function DrawerItems({ items, onNavigate, depth = 0 }: { items: MenuItem[]; onNavigate: () => void; depth?: number }) {
  return (
    <ul className={depth ? 'mt-1 ml-4 border-l border-ink/10 pl-3' : 'divide-y divide-ink/10'}>
      {items.map((item) => (
        <li key={item.id} className={depth ? '' : 'py-1'}>
          <SmartLink
            to={item.url}
            nav
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center rounded-lg px-2 ${depth ? 'py-2 text-[15px]' : 'py-3 text-lg font-medium'} ${isActive ? 'text-primary' : 'text-ink'} hover:bg-surface`
            }
          >
            {item.label}
          </SmartLink>
          {item.children.length > 0 && <DrawerItems items={item.children} onNavigate={onNavigate} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Hamburger and slide-in drawer below the lg breakpoint. A modal <dialog> gives focus
 * trapping, Escape and an inert page behind it without extra code.
 */
export function MobileMenu({ items, storeName }: { items: MenuItem[]; storeName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  const close = () => dialog.current?.close();

  useEffect(() => {
    close();
  }, [location.pathname, location.search]);

  return (
    <>
      <button
        type="button"
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </button>
      <dialog
        ref={dialog}
        id={DRAWER_ID}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        onClick={(e) => e.target === e.currentTarget && close()}
        className="mobile-menu fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-[86vw] max-w-sm bg-background p-0 text-ink shadow-2xl open:animate-[drawer-in_200ms_ease-out]"
      >
        <div className="flex h-full flex-col">
          <div className="flex h-16 items-center justify-between border-b border-ink/10 px-5">
            <span className="font-heading text-lg font-semibold">{storeName}</span>
            <button
              type="button"
              onClick={close}
              aria-label="Close menu"
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <SearchForm id="drawer-search" className="mb-4" />
            <nav aria-label="Mobile">
              <DrawerItems items={items} onNavigate={close} />
            </nav>
          </div>
          <div className="grid grid-cols-2 gap-3 border-t border-ink/10 p-5">
            <ChannelPicker id="menu-channel" variant="menu" />
            <AdminPanelLink onClick={close} className="btn btn-outline col-span-2" />
            <Link to="/account" onClick={close} className="btn btn-outline">
              <UserIcon className="size-4" /> Account
            </Link>
            <Link to="/cart" onClick={close} className="btn btn-primary">
              <BagIcon className="size-4" /> Cart
            </Link>
          </div>
        </div>
      </dialog>
    </>
  );
}
