import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ApiError,
  ResetCompleteBodySchema,
  ValidateResetQuerySchema,
  authApi,
  authMessages,
  callEndpoint,
} from '@shopfront/shared';
import type { Route } from './+types/account.reset-password';
import type { AccountRouteHandle } from './account';
import { PasswordField } from '../components/ui/field';
import { AlertIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { SectionCard } from '../features/account/section';
import { reportFailure } from '../features/auth/auth-api';
import { useAuth } from '../features/auth/auth-context';
import { PasswordStrengthMeter } from '../features/auth/password-strength';
import { useSchemaForm } from '../features/auth/use-schema-form';
import { browserTransport } from '../lib/api.client';
import { api } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { tokenPageMeta } from '../lib/meta';

/**
 * The one account URL a guest may open: the link in the password-reset e-mail is followed by
 * someone who cannot log in (that is why they asked). The link itself (e-mail + one-time token)
 * is the credential here, checked by validate-reset before the form shows and again by
 * reset-complete.
 */
export const handle: AccountRouteHandle & { page: { slug: string } } = {
  accountPublic: true,
  page: { slug: 'reset-password' },
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const query = ValidateResetQuerySchema.safeParse({ email: params.email, token: params.slug });
  if (!query.success) return { valid: false as const, message: authMessages.resetInvalid };
  try {
    await api(context).validateReset(query.data.email, query.data.token);
    return { valid: true as const, email: query.data.email, token: query.data.token };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return { valid: false as const, message: err.message || authMessages.resetInvalid };
    }
    logFailure('validate-reset failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, 'Reset Password');
}

function ResetForm({ email, token }: { email: string; token: string }) {
  const uid = useId();
  const navigate = useNavigate();
  const { store, loggedIn } = useAuth();
  const form = useSchemaForm(ResetCompleteBodySchema, { email, token, password: '' });
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate() as { email: string; token: string; password: string } | null;
    if (!body) return;
    setSaving(true);
    try {
      const { message } = await callEndpoint(browserTransport, authApi.resetComplete, { body });
      toast.success(message ?? authMessages.resetDone);
      if (loggedIn) {
        await navigate('/account/security', { replace: true });
      } else {
        await navigate('/', { replace: true });
        store.openLogin({ mode: 'Legacy', redirectTo: '/account' });
      }
    } catch (err) {
      reportFailure(err, { fields: ['password'], setErrors: form.setErrors });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-account-form="reset-password">
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <div>
        <PasswordField
          id={`${uid}-password`}
          label="New password"
          autoComplete="new-password"
          value={form.values.password}
          onValue={(v) => form.setValue('password', v)}
          onBlur={() => form.touch('password')}
          error={form.errors.password ?? form.errors.token ?? form.errors.email}
        />
        <PasswordStrengthMeter password={form.values.password} className="mt-2" />
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={(form.invalid && form.dirty) || saving}>
        {saving && <Spinner />}
        Reset password
      </button>
    </form>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { store } = useAuth();
  // The shopper came for this form: a login dialog left open earlier must not cover it.
  useEffect(() => store.closeDialogs(), [store]);
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold md:text-[1.75rem]">Reset Password</h1>
      {loaderData.valid ? (
        <>
          <p className="mt-1 mb-5 text-sm text-muted">
            Choose a new password for <strong className="font-semibold text-ink">{loaderData.email}</strong>.
          </p>
          <SectionCard>
            <ResetForm email={loaderData.email} token={loaderData.token} />
          </SectionCard>
        </>
      ) : (
        <SectionCard className="mt-5">
          <div className="flex gap-3" role="alert">
            <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
            <p className="text-sm">{loaderData.message}</p>
          </div>
          <button
            type="button"
            className="btn btn-primary mt-5 w-full"
            onClick={() => store.openLogin({ mode: 'ForgotPassword', redirectTo: '/account' })}
          >
            Request a new link
          </button>
        </SectionCard>
      )}
    </div>
  );
}
