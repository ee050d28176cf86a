import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isEmailVerified, isPhoneVerified, verificationTypes } from '@shopfront/shared';
import type { Route } from './+types/account._index';
import { LocalTime } from '../components/local-time';
import { ArrowRightIcon, CheckIcon } from '../components/ui/icons';
import { accountMenu } from '../features/account/account-menu';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { useAccountAdditions } from '../features/plugins/use-account-additions';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { storeMode, useShop } from '../lib/shop';

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'My Account' }), { name: 'robots', content: 'noindex' }];
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 truncate text-[15px] text-ink">{children}</dd>
    </div>
  );
}

/**
 * A contact value with its Verified mark or a Verify link to the profile (where the popup is);
 * `verified` null: the shop does not verify this kind (store setting account_verification_for).
 */
function ContactValue({ value, verified, kind }: { value: string; verified: boolean | null; kind: 'phone' | 'email' }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="min-w-0 truncate" title={value}>
        {value}
      </span>
      {verified === null ? null : verified ? (
        <span
          className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800"
          {...{ [`data-${kind}-badge`]: 'verified' }}
        >
          <CheckIcon className="size-3" /> Verified
        </span>
      ) : (
        <Link
          to="/account/profile"
          className="shrink-0 text-xs font-semibold text-primary underline underline-offset-2"
          aria-label={`Verify ${kind === 'phone' ? 'phone' : 'e-mail'}`}
          {...{ [`data-${kind}-badge`]: 'verify' }}
        >
          Verify
        </Link>
      )}
    </span>
  );
}

export default function AccountDashboard() {
  const account = useSignedInAccount();
  const { storefront, settings } = useShop();
  const verifies = verificationTypes(settings.account_verification_for);
  const phoneVerified = verifies.includes('phone') ? isPhoneVerified(account, account.phone ?? '') : null;
  const emailVerified = verifies.includes('email') ? isEmailVerified(account, account.email ?? '') : null;
  const lastLogin = account.access_logs.find((l) => l.success);
  const additions = useAccountAdditions();
  const sections = [
    ...accountMenu(storeMode({ settings })),
    ...additions.items,
    ...additions.groups.flatMap((g) => g.items),
  ].filter((m) => m.to !== '/account');

  return (
    <AccountSection title="Dashboard" description="Your details, security and saved items at a glance.">
      <SectionCard>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-center gap-4">
            <span
              aria-hidden="true"
              className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-on-primary"
            >
              {(account.first_name[0] ?? '').toUpperCase()}
              {(account.last_name[0] ?? '').toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold">
                {[account.first_name, account.last_name].filter(Boolean).join(' ') || 'Your account'}
              </p>
              <p className="text-sm text-muted">
                Customer since <LocalTime iso={account.customer_since} dateOnly />
              </p>
            </div>
          </div>
          <Link to="/account/profile" className="btn btn-outline px-5 py-2.5">
            Edit profile
          </Link>
        </div>
        <dl className="mt-6 grid grid-cols-1 gap-5 border-t border-ink/10 pt-6 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Email">
            {account.email ? <ContactValue kind="email" value={account.email} verified={emailVerified} /> : '—'}
          </Detail>
          <Detail label="Phone">
            {account.phone ? (
              <ContactValue
                kind="phone"
                value={`${storefront.channel.country.mobile_code} ${account.phone}`}
                verified={phoneVerified}
              />
            ) : (
              '—'
            )}
          </Detail>
          <Detail label="Last sign-in">
            {lastLogin ? (
              <>
                <LocalTime iso={lastLogin.created_at} />
                <span className="block truncate text-xs text-muted">{lastLogin.device}</span>
              </>
            ) : (
              '—'
            )}
          </Detail>
        </dl>
      </SectionCard>

      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              prefetch="intent"
              className="group flex h-full items-center justify-between gap-4 rounded-2xl border border-ink/10 bg-background p-5 transition-colors hover:border-ink/30"
            >
              <span>
                <span className="block font-semibold">{s.label}</span>
                <span className="mt-0.5 block text-sm text-muted">{s.description}</span>
              </span>
              <ArrowRightIcon className="size-5 shrink-0 text-muted transition-transform group-hover:translate-x-0.5 group-hover:text-ink" />
            </Link>
          </li>
        ))}
      </ul>
      {additions.sections.map(({ id, Component }) => (
        <div key={id} data-account-section={id}>
          <Component />
        </div>
      ))}
    </AccountSection>
  );
}
