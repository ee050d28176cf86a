import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { ApiError } from '@shopfront/shared';
import type { Route } from './+types/frame';
import { BottomBar } from '../components/frame/bottom-bar';
import { Header } from '../components/frame/header';
import { Sidebar } from '../components/frame/sidebar';
import { onSignedOut, signInPath } from '../lib/api';
import { queryClient } from '../lib/query';
import { meQuery, useMe } from '../features/auth/me';
import { isTyping } from '../lib/use-list-keys';
import { useStoreMode } from '../lib/store-mode';
import { ToastHost } from '../lib/toast';

const Palette = lazy(() => import('../components/frame/palette'));
const ShortcutsDialog = lazy(() => import('../components/frame/shortcuts'));

/** Every page but the sign-in needs a staff session: without one, to the sign-in and back after. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return await queryClient.ensureQueryData(meQuery);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const url = new URL(request.url);
      throw redirect(signInPath(url.pathname.replace(/^\/admin/, '') + url.search));
    }
    throw err;
  }
}

export default function Frame() {
  const me = useMe().data;
  const mode = useStoreMode();
  const navigate = useNavigate();
  const location = useLocation();
  const [palette, setPalette] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);

  // A call answered 401 (the session ended, or was ended elsewhere): sign in again, then come back.
  useEffect(
    () =>
      onSignedOut(() => {
        queryClient.clear();
        navigate(signInPath(location.pathname + location.search), { replace: true });
      }),
    [navigate, location.pathname, location.search],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPalette((open) => !open);
      } else if (e.key === '?' && !isTyping(e) && !e.metaKey && !e.ctrlKey) {
        e.preventDefault();
        setShortcuts(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!me) return null;
  return (
    <div className="min-h-dvh lg:flex">
      <Sidebar role={me.role} mode={mode} />
      <div className="min-w-0 flex-1 pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0">
        <Header me={me} onOpenPalette={() => setPalette(true)} />
        <main id="main" className="mx-auto w-full max-w-5xl px-4 py-5 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
      <BottomBar role={me.role} mode={mode} />
      {palette && (
        <Suspense fallback={null}>
          <Palette role={me.role} onClose={() => setPalette(false)} onShortcuts={() => setShortcuts(true)} />
        </Suspense>
      )}
      {shortcuts && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShortcuts(false)} />
        </Suspense>
      )}
      <ToastHost />
    </div>
  );
}
