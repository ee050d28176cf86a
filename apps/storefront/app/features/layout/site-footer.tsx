import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Menu, StoreSettings } from '@shopfront/shared';
import { Container } from '../../components/container';
import { SmartLink } from '../../components/smart-link';
import { HeadsetIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons';
import { storeName, useShop } from '../../lib/shop';
import { NewsletterSignup } from '../plugins/newsletter-signup';
import { ManageCookiesItem } from '../consent/cookie-consent';
import { useShopMenus } from '../preview/preview-context';
import { SOCIAL_NETWORKS } from './social-networks';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function SocialLinks({ settings, name }: { settings: Partial<StoreSettings>; name: string }) {
  const present = SOCIAL_NETWORKS.filter((s) => settings[s.key]);
  if (!present.length) return null;
  return (
    <ul className="mt-6 flex flex-wrap gap-2" aria-label="Social media">
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={settings[key]!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} on ${label}`}
            className="inline-flex size-10 items-center justify-center rounded-full border border-current/20 transition-colors hover:border-current hover:bg-white/10"
          >
            <Icon className="size-[18px]" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function MenuColumn({ menu }: { menu: Menu }) {
  const headingId = `footer-menu-${menu.id}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="font-body text-sm font-semibold tracking-wider uppercase">
        {menu.name}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {menu.items.map((item) => (
          <li key={item.id}>
            <SmartLink to={item.url} className="opacity-80 transition-opacity hover:underline hover:opacity-100">
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-h-11 items-center gap-3 md:min-h-8">
      <span className="shrink-0 opacity-70">{icon}</span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** The same phone, e-mail or address, however it is spaced or cased. */
const sameDetail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase().replace(/[^\p{L}\p{N}@+]/gu, '') === b.toLowerCase().replace(/[^\p{L}\p{N}@+]/gu, '');

/**
 * The store's own address, phone and e-mail, as the top bar gives them (customer care's stand in
 * for what the store leaves empty), and, when customer care is switched on, its phone and e-mail
 * where they differ: each detail is said once.
 */
function contactDetails(settings: Partial<StoreSettings>) {
  const care = settings.enable_customer_care === true;
  const pick = (storeValue: string | null | undefined, careValue: string | null | undefined) =>
    storeValue?.trim() || (care && careValue?.trim()) || null;
  const phone = pick(settings.store_phone, settings.customer_care_phone);
  const email = pick(settings.store_email, settings.customer_care_email);
  const careOnly = (value: string | null | undefined, shown: string | null) =>
    care && value?.trim() && !sameDetail(value, shown) ? value.trim() : null;
  return {
    address: pick(settings.store_address, settings.customer_care_address),
    phone,
    email,
    carePhone: careOnly(settings.customer_care_phone, phone),
    careEmail: careOnly(settings.customer_care_email, email),
  };
}

function Contact({ settings }: { settings: Partial<StoreSettings> }) {
  const { address, phone, email, carePhone, careEmail } = contactDetails(settings);
  if (!address && !phone && !email && !carePhone && !careEmail) return null;
  return (
    <div>
      <h2 className="font-body text-sm font-semibold tracking-wider uppercase">Contact</h2>
      <address className="mt-4 not-italic">
        <ul className="space-y-0.5 text-sm opacity-90">
          {address && (
            <ContactLine icon={<MapPinIcon className="size-4" />}>
              <span className="inline-block py-1.5">{address}</span>
            </ContactLine>
          )}
          {phone && (
            <ContactLine icon={<PhoneIcon className="size-4" />}>
              <a href={telHref(phone)} className="inline-flex min-h-11 items-center hover:underline md:min-h-8">
                {phone}
              </a>
            </ContactLine>
          )}
          {email && (
            <ContactLine icon={<MailIcon className="size-4" />}>
              <a
                href={`mailto:${email}`}
                className="inline-flex min-h-11 items-center break-all hover:underline md:min-h-8"
              >
                {email}
              </a>
            </ContactLine>
          )}
          {(carePhone || careEmail) && (
            <ContactLine icon={<HeadsetIcon className="size-4" />}>
              <span className="inline-flex flex-wrap items-center gap-x-2">
                <span>Customer care:</span>
                {carePhone && (
                  <a href={telHref(carePhone)} className="inline-flex min-h-11 items-center hover:underline md:min-h-8">
                    {carePhone}
                  </a>
                )}
                {careEmail && (
                  <a
                    href={`mailto:${careEmail}`}
                    className="inline-flex min-h-11 items-center break-all hover:underline md:min-h-8"
                  >
                    {careEmail}
                  </a>
                )}
              </span>
            </ContactLine>
          )}
        </ul>
      </address>
    </div>
  );
}

/** Footer menus, store contact, customer care, social links and the legal line. */
export function SiteFooter() {
  const shop = useShop();
  const { settings, storefront } = shop;
  const name = storeName(shop);
  // The legal line links the configured terms, privacy and returns pages, unless a footer menu already does.
  const menus = useShopMenus();
  const inMenus = new Set(menus.footer.flatMap((menu) => menu.items.map((item) => item.url)));
  const legal = [storefront.termsandconditions_page, storefront.privacypolicy_page, storefront.returns_page]
    .filter((p) => p !== null)
    .filter((p) => !inMenus.has(`/${p.slug}`));

  // Phones: room under the legal line for the fixed footer bar (65 px), which comes back at the
  // end of the page. The floating buttons need none: over a link they step aside (the chat button
  // over a line of text too). From md up the back-to-top button (32 px from the bottom, 44 px
  // tall) keeps a free spot at the end.
  return (
    <footer className="site-footer bg-footer pb-[calc(4.25rem+env(safe-area-inset-bottom))] text-footer-ink md:pb-20">
      <NewsletterSignup />
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:py-16 lg:grid-cols-12 lg:gap-8">
        <div className="col-span-2 lg:col-span-4">
          <Link to="/" className="font-heading text-2xl font-semibold">
            {name}
          </Link>
          {storefront.meta.description && (
            <p className="mt-4 max-w-sm text-sm leading-relaxed opacity-80">{storefront.meta.description}</p>
          )}
          <SocialLinks settings={settings} name={name} />
        </div>
        {menus.footer.map((menu) => (
          <div key={menu.id} className="lg:col-span-2">
            <MenuColumn menu={menu} />
          </div>
        ))}
        <div className="col-span-2 lg:col-span-4">
          <Contact settings={settings} />
        </div>
      </Container>
      <div className="border-t border-current/15">
        <Container className="flex flex-col gap-3 py-6 text-xs opacity-80 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {shop.year} {name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap items-center gap-x-5">
            {legal.map((page) => (
              <li key={page.slug}>
                <Link to={`/${page.slug}`} className="inline-flex min-h-11 items-center hover:underline">
                  {page.title}
                </Link>
              </li>
            ))}
            <ManageCookiesItem />
          </ul>
        </Container>
      </div>
    </footer>
  );
}
