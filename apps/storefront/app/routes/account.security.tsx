import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import {
  accountApi,
  callEndpoint,
  updatePasswordBodySchema,
  type AccessLogEntry,
  type AccountDataAction,
  type UpdatePasswordBody,
} from '@shopfront/shared';
import type { Route } from './+types/account.security';
import { LocalTime } from '../components/local-time';
import { PasswordField } from '../components/ui/field';
import { ContactCodeField } from '../features/account/contact-code-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { AccountDataDialog } from '../features/account/account-data-dialog';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { emitAuthEvent, reportFailure } from '../features/auth/auth-api';
import { useAuthStore } from '../features/auth/auth-context';
import { PasswordStrengthMeter } from '../features/auth/password-strength';
import { useSchemaForm } from '../features/auth/use-schema-form';
import { browserTransport } from '../lib/api.client';
import { rootDataFrom, shopMeta } from '../lib/meta';

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Security' }), { name: 'robots', content: 'noindex' }];
}

const METHOD_LABEL: Record<AccessLogEntry['method'], string> = {
  password: 'Password',
  otp: 'One-time code',
  register: 'Registration',
  reset: 'Password reset',
};

function Outcome({ success }: { success: boolean }) {
  return success ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600" />
      Success
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-red-600" />
      Failed
    </span>
  );
}

function AccessLogs({ logs }: { logs: readonly AccessLogEntry[] }) {
  if (!logs.length) return <p className="text-sm text-muted">No sign-ins recorded yet.</p>;
  return (
    <>
      {/* Phones: one card per sign-in. */}
      <ul className="divide-y divide-ink/10 md:hidden" data-access-logs="list">
        {logs.map((log) => (
          <li key={log.id} className="flex items-start justify-between gap-3 py-3.5 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{log.device}</p>
              <p className="mt-0.5 text-xs text-muted">
                <LocalTime iso={log.created_at} /> · {log.ip}
              </p>
              <p className="mt-0.5 text-xs text-muted">{METHOD_LABEL[log.method]}</p>
            </div>
            <Outcome success={log.success} />
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <div className="-mx-7 hidden overflow-x-auto md:block">
        <table className="w-full min-w-[36rem] text-left text-sm" data-access-logs="table">
          <caption className="sr-only">Recent sign-ins to your account</caption>
          <thead>
            <tr className="border-y border-ink/10 bg-surface/60 text-xs tracking-wide text-muted uppercase">
              <th scope="col" className="px-7 py-2.5 font-medium">
                Time
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Device
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                IP address
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Method
              </th>
              <th scope="col" className="px-7 py-2.5 text-right font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {logs.map((log) => (
              <tr key={log.id}>
                <td className="px-7 py-3 whitespace-nowrap">
                  <LocalTime iso={log.created_at} />
                </td>
                <td className="max-w-[16rem] truncate px-3 py-3">{log.device}</td>
                <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-muted">{log.ip}</td>
                <td className="px-3 py-3 whitespace-nowrap text-muted">{METHOD_LABEL[log.method]}</td>
                <td className="px-7 py-3 text-right">
                  <Outcome success={log.success} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The form's values: the payload's optional proofs are plain strings here ('' = not given). */
type PasswordValues = Required<{ [K in keyof UpdatePasswordBody]: string }>;

const EMPTY: PasswordValues = { current_password: '', otp: '', password: '' };

/**
 * Change the password with the current one; an account made by OTP (none yet) sets its first
 * one with a code sent to its verified contact instead (ADR 0011), like the profile page's.
 */
function ChangePasswordForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const uid = useId();
  const revalidator = useRevalidator();
  const schema = useMemo(() => updatePasswordBodySchema(hasPassword), [hasPassword]);
  const form = useSchemaForm<PasswordValues>(schema, EMPTY);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = form.validate() as UpdatePasswordBody | null;
    if (!parsed) return;
    const { current_password, otp, password } = parsed;
    setSaving(true);
    try {
      const { message } = await callEndpoint(browserTransport, accountApi.updatePassword, {
        body: hasPassword ? { current_password, password } : { password, ...(otp ? { otp } : {}) },
      });
      toast.success(message ?? 'Password updated');
      form.reset(EMPTY);
      // has_password turns true: the form asks for the current password from now on.
      if (!hasPassword) await revalidator.revalidate();
    } catch (err) {
      reportFailure(err, { fields: ['current_password', 'otp', 'password'], setErrors: form.setErrors });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-account-form="password">
      {/* For password managers: the new password is saved against this login. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {hasPassword ? (
          <PasswordField
            id={`${uid}-current`}
            label="Current password"
            autoComplete="current-password"
            {...form.field('current_password')}
          />
        ) : (
          <ContactCodeField id={`${uid}-code`} button="Set password" {...form.field('otp')} />
        )}
        <div>
          <PasswordField
            id={`${uid}-new`}
            label="New password"
            autoComplete="new-password"
            {...form.field('password')}
          />
          <PasswordStrengthMeter password={form.values.password} className="mt-2" />
        </div>
      </div>
      <div className="flex justify-end border-t border-ink/10 pt-5">
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={(form.invalid && form.dirty) || saving}
        >
          {saving && <Spinner />}
          {hasPassword ? 'Update password' : 'Set password'}
        </button>
      </div>
    </form>
  );
}

/** "Your data" (issue 29): download a copy, or delete the account; each confirmed by a code. */
function YourData() {
  const [action, setAction] = useState<AccountDataAction | null>(null);
  const store = useAuthStore();
  const navigate = useNavigate();
  return (
    <SectionCard
      title="Your data"
      description="Take a copy of everything this shop holds about you, or delete your account. Each asks for a code we send to your verified mobile number or e-mail address."
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-your-data>
        <div className="flex flex-col justify-between gap-4 rounded-xl border border-ink/10 p-5">
          <div>
            <h3 className="font-semibold">Download my data</h3>
            <p className="mt-1 text-sm text-muted">
              A JSON file with your profile, addresses, orders, reviews, wishlist, newsletter subscription and sign-in
              history.
            </p>
          </div>
          <button
            type="button"
            className="btn btn-outline w-full sm:w-auto sm:self-start"
            onClick={() => setAction('download')}
          >
            Download my data
          </button>
        </div>
        <div className="flex flex-col justify-between gap-4 rounded-xl border border-red-200 bg-red-50/40 p-5">
          <div>
            <h3 className="font-semibold text-red-800">Delete my account</h3>
            <p className="mt-1 text-sm text-muted">
              Erases your profile and personal data and signs you out everywhere. Your orders stay in the shop’s books,
              anonymised. This cannot be undone.
            </p>
          </div>
          <button
            type="button"
            className="btn w-full border border-red-300 bg-background text-red-800 hover:border-red-600 sm:w-auto sm:self-start"
            onClick={() => setAction('delete')}
          >
            Delete my account
          </button>
        </div>
      </div>
      <AccountDataDialog
        action={action}
        onClose={() => setAction(null)}
        onDeleted={(message) => {
          setAction(null);
          store.reset();
          emitAuthEvent('logout');
          toast.success(message ?? 'Your account has been deleted');
          void navigate('/', { replace: true });
        }}
      />
    </SectionCard>
  );
}

export default function AccountSecurity() {
  const account = useSignedInAccount();
  return (
    <AccountSection title="Security" description="Access logs & change password">
      <SectionCard
        title={account.has_password ? 'Change password' : 'Set a password'}
        description={
          account.has_password
            ? 'You will need your current password. Other devices are signed out afterwards.'
            : 'You signed up with a one-time code. To set a password, you will need a code we send to your verified contact. Other devices are signed out afterwards.'
        }
      >
        <ChangePasswordForm
          key={String(account.has_password)}
          email={account.email ?? ''}
          hasPassword={account.has_password}
        />
      </SectionCard>
      <SectionCard
        title="Access logs"
        description="Recent sign-ins to your account. Don't recognise one? Change your password."
      >
        <AccessLogs logs={account.access_logs} />
      </SectionCard>
      <YourData />
    </AccountSection>
  );
}
