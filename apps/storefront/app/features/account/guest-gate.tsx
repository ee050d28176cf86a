import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Container } from '../../components/container';
import { UserIcon } from '../../components/ui/icons';
import { useShop } from '../../lib/shop';
import { useAuth } from '../auth/auth-context';

/**
 * What a guest gets on a guarded /account URL: a short page with the login dialog opened over
 * it. The wanted URL is the stored redirect target, so logging in lands right back here.
 */
export function AccountGuestGate() {
  const { store, loggedIn } = useAuth();
  const { settings } = useShop();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    // A stale "logged in" UI (session expired) is put right by the layout; here we only ask.
    if (loggedIn) return;
    store.openLogin({ redirectTo: here });
    // Leaving the guarded page (Back, a link) without logging in takes its dialog away with it.
    return () => {
      const s = store.getState();
      if (!s.user && (s.loginOpen || s.registerOpen)) store.closeDialogs();
    };
  }, [store, here, loggedIn]);

  return (
    <Container className="py-14 md:py-24">
      <div className="mx-auto max-w-md rounded-3xl border border-ink/10 bg-surface/60 px-6 py-10 text-center md:px-10">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-background text-ink shadow-sm">
          <UserIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold md:text-3xl">My Account</h1>
        <p className="mt-2 text-muted">Please log in to continue</p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => store.openLogin({ redirectTo: here })}
            aria-haspopup="dialog"
          >
            Log in
          </button>
          {settings.enable_customer_register && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => store.openRegister({ redirectTo: here })}
              aria-haspopup="dialog"
            >
              Register
            </button>
          )}
        </div>
        {/* React renders no children of <noscript>: the note goes in as markup. */}
        <noscript
          dangerouslySetInnerHTML={{
            __html:
              '<p class="mt-6 text-sm text-muted">Logging in needs JavaScript. Please turn it on in your browser.</p>',
          }}
        />
      </div>
    </Container>
  );
}
