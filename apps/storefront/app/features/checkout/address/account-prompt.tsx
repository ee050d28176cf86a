import { Link, useLocation } from 'react-router';
import { UserIcon } from '../../../components/ui/icons';
import { useShop } from '../../../lib/shop';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAuth } from '../../auth/auth-context';
import { STEP_TARGETS } from './address-view';

/**
 * A guest's way into an account at checkout: Log in when the shop offers it there
 * (enable_login_at_checkout), Create an account when it lets shoppers register there
 * (enable_customer_register and enable_register_at_checkout). Each opens the site's dialog, and
 * logging in lands back on this step. When the shop takes no guest orders
 * (enable_guest_checkout off) the prompt says the shopper must log in, and Log in is always
 * offered: there is no other way on. Without JavaScript both lead to the account page, whose
 * gate explains that logging in needs it.
 */
export function AccountPrompt({ guestCheckout }: { guestCheckout: boolean }) {
  const { settings } = useShop();
  const { store } = useAuth();
  const hydrated = useHydrated();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const login = settings.enable_login_at_checkout || !guestCheckout;
  const register = settings.enable_customer_register && settings.enable_register_at_checkout;
  if (!login && !register) return null;

  const actions = 'btn h-11 min-w-11 px-5 whitespace-nowrap';
  const open = (kind: 'login' | 'register', label: string, className: string, id?: string) =>
    hydrated ? (
      <button
        type="button"
        id={id}
        onClick={() =>
          kind === 'login' ? store.openLogin({ redirectTo: here }) : store.openRegister({ redirectTo: here })
        }
        aria-haspopup="dialog"
        className={className}
      >
        {label}
      </button>
    ) : (
      <Link to="/account" id={id} className={className}>
        {label}
      </Link>
    );

  if (!guestCheckout) {
    return (
      <section
        aria-labelledby="checkout-login-title"
        className="rounded-2xl border border-primary/30 bg-background p-5 md:p-7"
        data-testid="checkout-account-required"
      >
        <div className="flex items-start gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:inline-flex">
            <UserIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id="checkout-login-title" className="text-lg font-semibold">
              Log in to check out
            </h2>
            <p className="mt-1 text-sm text-muted">
              This shop takes orders from customers with an account. Log in{register ? ', or create an account,' : ''}{' '}
              and your cart comes with you.
            </p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              {open('login', 'Log in', `${actions} btn-primary`, STEP_TARGETS.login)}
              {register && open('register', 'Create an account', `${actions} btn-outline`)}
            </div>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section
      aria-label="Your account"
      className="flex flex-col gap-3 rounded-2xl border border-ink/10 bg-background px-5 py-4 sm:flex-row sm:items-center sm:justify-between md:px-7"
      data-testid="checkout-account-prompt"
    >
      <p className="flex items-center gap-3 text-sm">
        <UserIcon className="size-5 shrink-0 text-muted" />
        <span>
          {login ? (
            <>
              <span className="font-semibold">Have an account?</span> Log in to use your saved addresses.
            </>
          ) : (
            <>
              <span className="font-semibold">New here?</span> Create an account to track this order.
            </>
          )}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-3">
        {login && open('login', 'Log in', `${actions} btn-outline grow sm:grow-0`, STEP_TARGETS.login)}
        {register && open('register', 'Create an account', `${actions} btn-outline grow sm:grow-0`)}
      </div>
    </section>
  );
}
