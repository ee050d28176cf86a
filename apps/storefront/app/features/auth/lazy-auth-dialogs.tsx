import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from './auth-context';

const load = () => import('./auth-dialogs');
const AuthDialogs = lazy(() => load().then((m) => ({ default: m.AuthDialogs })));

/** What shows the intent to sign in before the click: the header's Login icon for a guest. */
const INTENT = '[data-account-link="guest"]';

/**
 * The login and register dialogs, kept out of every page's download until a shopper shows the
 * intent to use them: they bring the form schemas (zod) with them, which a shopper who only
 * browses never needs (ADR 0010). The code is fetched when the Login icon is hovered, touched
 * or focused (so the click usually opens at once), or when anything opens a dialog (a click
 * before that waits for it). Nothing renders until a dialog is wanted.
 */
export function LazyAuthDialogs() {
  const { loginOpen, registerOpen } = useAuth();
  const [wanted, setWanted] = useState(false);

  // Once wanted, kept: closing a dialog must not unmount the code it loaded.
  if ((loginOpen || registerOpen) && !wanted) setWanted(true);

  useEffect(() => {
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    const onIntent = (e: Event) => {
      if (!(e.target instanceof Element) || !e.target.closest(INTENT)) return;
      for (const type of events) document.removeEventListener(type, onIntent, true);
      void load();
    };
    for (const type of events) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of events) document.removeEventListener(type, onIntent, true);
    };
  }, []);

  if (!wanted && !loginOpen && !registerOpen) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
