import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@shopfront/shared';
import { AlertIcon, ArrowRightIcon, CompassIcon } from '../../components/ui/icons';
import type { ErrorKind, ErrorView } from '../../lib/errors';
import { useShopData, type ShopData } from '../../lib/shop';
import { SearchForm } from '../layout/search-form';

/** Exact texts from spec sections 2 and 8. */
export const ERROR_TITLES: Record<ErrorKind, string> = {
  // Not in the spec's catalogue: a hand-made address the shop cannot answer.
  'bad-request': 'Bad Request',
  'not-found': 'Page Not Found!',
  'server-error': 'Oops!',
  'license-inactive': 'Website Unavailable',
  // Spelled as the spec's error catalogue spells it.
  'license-missing': 'Website Unvailable',
};

/**
 * The big faint status number is decoration (the badge under it says "Error 404"): drawn as CSS
 * generated content, so it is neither read out nor taken for body text that lacks contrast.
 */
function Code({ children }: { children: number | string }) {
  return (
    <div
      aria-hidden="true"
      data-code={children}
      className="font-heading text-[5.5rem] leading-none font-semibold tracking-tighter text-primary/15 before:content-[attr(data-code)] sm:text-[8rem]"
    />
  );
}

function Badge({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold tracking-wider text-primary uppercase">
      {icon}
      {children}
    </p>
  );
}

/** At most this many departments are offered on the not-found page, after "Shop all". */
const MAX_DEPARTMENTS = 5;

/** Where a shopper who followed a dead link can go on: the whole shop, then its departments. */
function browseLinks(navigation: ShopData['navigation']): { label: string; url: string }[] {
  const departments = navigation.superCategories.length
    ? navigation.superCategories.filter((s) => s.categories.length > 0)
    : navigation.categories;
  return [
    { label: 'Shop all', url: '/shop-online' },
    ...departments.slice(0, MAX_DEPARTMENTS).map((d) => ({ label: d.name, url: d.url })),
  ];
}

/**
 * The 404 screen: the spec's heading and its message naming the address that led nowhere
 * ('Page not found: {path}'), nothing else saying so, then the next steps: a search box and the
 * shop's departments (inside the open shop's shell only: a closed shop's screens link into
 * nothing), and Go Home.
 */
function NotFoundScreen({ view }: { view: ErrorView }) {
  const { pathname } = useLocation();
  const shop = useShopData();
  const open = shop?.access.state === 'open';
  // The spec's message for an unknown route ('Page not found: {path}'), as the loader threw it.
  const detail = view.message || messages.pageNotFound(pathname);
  const links = open ? browseLinks(shop.navigation) : [];
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <CompassIcon className="size-7" />
      </span>
      <h1 id="error-title" className="mt-5 text-3xl font-semibold sm:text-4xl">
        {ERROR_TITLES['not-found']}
      </h1>
      <p className="mt-3 max-w-md text-base break-words text-muted">{detail}</p>
      <p className="mt-1 max-w-md text-base text-muted">It may have moved, or the link may be mistyped.</p>
      {open && (
        <div className="mt-8 w-full max-w-md text-center">
          <p className="text-sm font-semibold" aria-hidden="true">
            Search the shop
          </p>
          <SearchForm id="not-found-search" label="Search the shop" className="mt-2" />
          <nav aria-label="Browse the shop" className="mt-6">
            <p className="text-sm font-semibold" aria-hidden="true">
              Or browse
            </p>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {links.map((link) => (
                <li key={link.url}>
                  <Link
                    to={link.url}
                    prefetch="intent"
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-ink/15 px-4 text-sm font-medium hover:border-ink/40 hover:bg-surface"
                  >
                    {link.label}
                    {link.url === '/shop-online' && <ArrowRightIcon className="size-4" />}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
      <GoHome />
    </>
  );
}

/** The way out of an error screen. */
function GoHome() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/" className="btn btn-primary">
        Go Home
      </Link>
    </div>
  );
}

function BadRequestScreen({ view }: { view: ErrorView }) {
  return (
    <>
      <Code>{view.status}</Code>
      <Badge icon={<AlertIcon className="size-4" />}>Error {view.status}</Badge>
      <h1 id="error-title" className="mt-4 text-3xl font-semibold sm:text-4xl">
        {ERROR_TITLES['bad-request']}
      </h1>
      {view.message && <p className="mt-3 text-base break-all text-muted">{view.message}</p>}
      <p className="mt-4 max-w-md text-base text-muted">
        The shop could not understand this address. Check it for typing mistakes, or start again from the home page.
      </p>
      <GoHome />
    </>
  );
}

function ServerErrorScreen({ view }: { view: ErrorView }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <Code>{view.status}</Code>
      <Badge icon={<AlertIcon className="size-4" />}>Error {view.status}</Badge>
      <h1 id="error-title" className="mt-4 text-3xl font-semibold sm:text-4xl">
        {ERROR_TITLES['server-error']}
      </h1>
      <p className="mt-3 text-lg">An unexpected error occurred</p>
      <div className="mt-6 w-full max-w-md rounded-2xl border border-ink/10 bg-surface p-5 text-left text-sm">
        <p className="font-semibold">Here’s what you can try:</p>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-muted">
          <li>Refresh the page</li>
          <li>Go back to the previous page</li>
          <li>Try again in 30 minutes</li>
          <li>
            Contact support
            {view.storeEmail && (
              <>
                {' at '}
                <a href={`mailto:${view.storeEmail}`} className="font-medium text-primary underline underline-offset-2">
                  {view.storeEmail}
                </a>
              </>
            )}
          </li>
        </ul>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A plain link reloads the document, with or without JavaScript. */}
        <a href={here} className="btn btn-primary">
          Refresh page
        </a>
        <Link to="/" className="btn btn-outline">
          Go Home
        </Link>
      </div>
    </>
  );
}

function LicenseScreen({ view }: { view: ErrorView }) {
  const inactive = view.kind === 'license-inactive';
  return (
    <>
      <Code>{inactive ? '503' : '404'}</Code>
      <Badge icon={<AlertIcon className="size-4" />}>{view.storeName ?? 'This website'}</Badge>
      <h1 id="error-title" className="mt-4 text-3xl font-semibold sm:text-4xl">
        {ERROR_TITLES[view.kind]}
      </h1>
      {inactive ? (
        <>
          <p className="mt-4 max-w-md text-base text-muted">
            This website is unavailable because its subscription is inactive.
          </p>
          <p className="mt-3 max-w-md text-sm text-muted">
            Are you the owner of this website? Please contact support to renew the subscription and bring your shop back
            online.
          </p>
        </>
      ) : (
        <p className="mt-4 max-w-md text-base text-muted">
          This website is not available. It may not have been set up yet.
        </p>
      )}
    </>
  );
}

/** The body of an error screen; the caller decides whether the shop shell surrounds it. */
export function ErrorScreen({ view }: { view: ErrorView }) {
  return (
    <section
      aria-labelledby="error-title"
      className="error-screen mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24"
    >
      {view.kind === 'not-found' && <NotFoundScreen view={view} />}
      {view.kind === 'bad-request' && <BadRequestScreen view={view} />}
      {view.kind === 'server-error' && <ServerErrorScreen view={view} />}
      {(view.kind === 'license-inactive' || view.kind === 'license-missing') && <LicenseScreen view={view} />}
    </section>
  );
}

/** Frame for error screens when no storefront could be loaded: no header or footer to borrow. */
export function StandaloneErrorFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="flex flex-1 items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-2xl rounded-3xl bg-background shadow-[0_20px_60px_-30px_rgb(0_0_0/0.35)] ring-1 ring-ink/5">
        {children}
      </div>
    </main>
  );
}
