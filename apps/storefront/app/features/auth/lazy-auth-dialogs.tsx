import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from './auth-context';

const load = () => import('./auth-dialogs');
const AuthDialogs = lazy(() => load().then((m) => ({ default: m.AuthDialogs })));

/**
 * The login and register dialogs, kept out of every page's first download: they bring the form
 * schemas (zod) with them, which a shopper who only browses never needs. The code is fetched
 * once the browser is idle after the page has loaded, so the first click opens at once; a click
 * before that waits for it. Nothing renders until a dialog is wanted.
 */
export function LazyAuthDialogs() {
  const { loginOpen, registerOpen } = useAuth();
  const [wanted, setWanted] = useState(false);

  // Once wanted, kept: closing a dialog must not unmount the code it loaded.
  if ((loginOpen || registerOpen) && !wanted) setWanted(true);

  useEffect(() => {
    const warm = () => void load();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(warm, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(warm, 1500);
    return () => globalThis.clearTimeout(id);
  }, []);

  if (!wanted && !loginOpen && !registerOpen) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
