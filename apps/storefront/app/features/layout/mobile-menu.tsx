import { startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import type { MenuItem } from '@shopfront/shared';
import { MenuIcon } from '../../components/ui/icons';

const DRAWER_ID = 'mobile-menu';

type DrawerBody = typeof import('./mobile-menu-drawer').DrawerBody;
/** The drawer's content is a chunk of its own: a first paint shows only the hamburger. */
const loadDrawer = (): Promise<DrawerBody> => import('./mobile-menu-drawer').then((m) => m.DrawerBody);

/**
 * Hamburger and slide-in drawer below the lg breakpoint. A modal <dialog> gives focus
 * trapping, Escape and an inert page behind it without extra code.
 */
export function MobileMenu({ items, storeName }: { items: MenuItem[]; storeName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // The drawer (a modal <dialog>, so JavaScript's) is filled when first opened, then kept: every
  // page's HTML carries the catalogue once (the desktop menu), not twice. Null until filled.
  const [Body, setBody] = useState<DrawerBody | null>(null);
  const location = useLocation();

  const close = () => dialog.current?.close();

  // Filled when the page is idle (an interruptible render), so that the first tap on the
  // hamburger only opens it: filling it then made that tap the slowest interaction of the page.
  useEffect(() => {
    // Only where the hamburger shows (below lg).
    if (window.matchMedia('(min-width: 1024px)').matches) return;
    const fill = () => void loadDrawer().then((body) => startTransition(() => setBody(() => body)));
    if (!('requestIdleCallback' in window)) {
      const t = setTimeout(fill, 1000);
      return () => clearTimeout(t);
    }
    const id = window.requestIdleCallback(fill, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }, []);

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
          // Filled before it opens: the modal's focus lands on its first control, as before. A tap
          // before the idle fill fetched the content waits for it.
          const show = (body: DrawerBody) => {
            flushSync(() => setBody(() => body));
            dialog.current?.showModal();
            setOpen(true);
          };
          if (Body) show(Body);
          else void loadDrawer().then(show);
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
        {Body && <Body items={items} storeName={storeName} onClose={close} />}
      </dialog>
    </>
  );
}
