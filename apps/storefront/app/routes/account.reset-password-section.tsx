import { useState } from 'react';
import { Link } from 'react-router';
import { authApi, callEndpoint } from '@shopfront/shared';
import type { Route } from './+types/account.reset-password-section';
import { Spinner } from '../components/ui/spinner';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { reportFailure } from '../features/auth/auth-api';
import { browserTransport } from '../lib/api.client';
import { rootDataFrom, shopMeta } from '../lib/meta';

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Reset Password' }), { name: 'robots', content: 'noindex' }];
}

/**
 * Spec section 2: reset-password is one of the /account/{slug} sections (page title Reset
 * Password). A signed-in customer who no longer knows their password asks here for a reset link
 * to their account's e-mail address (POST /api/auth/reset, the same call as Forgot Password?);
 * one who does changes it on Security. The link itself opens /account/reset-password/{email}/{token}.
 * A guest meets the account layout's login gate, as on every section.
 */
export default function AccountResetPassword() {
  const account = useSignedInAccount();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  const send = async () => {
    if (!account.email) return;
    setBusy(true);
    try {
      const { message } = await callEndpoint(browserTransport, authApi.reset, { body: { email: account.email } });
      setAnswer(message ?? 'Your reset link is on its way.');
    } catch (err) {
      reportFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection title="Reset Password" description="Forgotten your password? Get a link to choose a new one.">
      <SectionCard>
        {account.email ? (
          <div className="space-y-4 text-sm" data-testid="reset-password-section">
            <p>
              We send the link to your account&apos;s e-mail address,{' '}
              <span className="font-semibold [overflow-wrap:anywhere]">{account.email}</span>. It works once, for an
              hour, and signs you out on your other devices when you use it.
            </p>
            {answer ? (
              <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
                {answer}
              </p>
            ) : (
              <button type="button" onClick={() => void send()} disabled={busy} className="btn btn-primary h-12 px-6">
                {busy && <Spinner />}
                Send me a reset link
              </button>
            )}
          </div>
        ) : (
          <p className="text-sm" data-testid="reset-password-section">
            Your account has no e-mail address to send a link to. Add one on{' '}
            <Link to="/account/profile" className="font-semibold text-primary underline underline-offset-2">
              Profile
            </Link>
            , or set a password with a code on{' '}
            <Link to="/account/security" className="font-semibold text-primary underline underline-offset-2">
              Security
            </Link>
            .
          </p>
        )}
        <p className="mt-5 border-t border-ink/10 pt-4 text-sm text-muted">
          Know your current password?{' '}
          <Link to="/account/security" className="font-semibold text-ink underline underline-offset-2">
            Change it on Security
          </Link>
          .
        </p>
      </SectionCard>
    </AccountSection>
  );
}
