import { Link } from 'react-router';
import { MailIcon, PhoneIcon } from '../../components/ui/icons';
import { storeName, useShop } from '../../lib/shop';

/** The shop's phone and e-mail for a shopper stuck at checkout: customer care's, else the store's. */
export function useCheckoutHelp() {
  const { settings } = useShop();
  const care = settings.enable_customer_care === true;
  const pick = (careValue: string | null | undefined, storeValue: string | null | undefined) =>
    (care && careValue?.trim()) || storeValue?.trim() || null;
  return {
    phone: pick(settings.customer_care_phone, settings.store_phone),
    email: pick(settings.customer_care_email, settings.store_email),
  };
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The checkout's own header, in place of the storefront's (no menus, search, chat or footer
 * there): the logo back to the home page and the shop's phone for help.
 */
export function CheckoutHeader() {
  const shop = useShop();
  const name = storeName(shop);
  const logo = shop.storefront.logo;
  const { phone } = useCheckoutHelp();
  return (
    <header className="border-b border-ink/10 bg-background" data-testid="checkout-header">
      <div className="mx-auto flex h-16 max-w-2xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="flex min-h-11 min-w-0 items-center" aria-label={`${name}, home`}>
          {logo ? (
            <img src={logo.url} alt={logo.alt || name} className="h-9 w-auto max-w-[160px] object-contain" />
          ) : (
            <span className="font-heading truncate text-xl font-semibold tracking-tight">{name}</span>
          )}
        </Link>
        {phone && (
          <a
            href={telHref(phone)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-medium text-ink hover:bg-ink/5"
          >
            <PhoneIcon className="size-4 shrink-0 text-muted" />
            <span className="hidden sm:inline">Help: {phone}</span>
            {/* The name starts with what is seen ("Help"), and says what it does. */}
            <span className="sm:hidden">
              Help<span className="sr-only">: call {phone}</span>
            </span>
          </a>
        )}
      </div>
    </header>
  );
}

/** The line at the foot of a checkout page: who to ask, by phone and e-mail. */
export function CheckoutHelp() {
  const { phone, email } = useCheckoutHelp();
  if (!phone && !email) return null;
  return (
    <p
      className="mt-8 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-muted"
      data-testid="checkout-help"
    >
      <span>Questions about your order?</span>
      {phone && (
        <a href={telHref(phone)} className="inline-flex min-h-11 items-center gap-1.5 underline underline-offset-2">
          <PhoneIcon className="size-4" />
          {phone}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center gap-1.5 underline underline-offset-2">
          <MailIcon className="size-4" />
          {email}
        </a>
      )}
    </p>
  );
}
