import { useEffect, useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { ApiError, adminApi, adminLinkApi, messages, type StaffLoginBody } from '@shopfront/shared';
import type { Route } from './+types/login';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/text-field';
import { FormMessage } from '../components/ui/form-message';
import { call } from '../lib/api';
import { applyApiError, sharedSchema } from '../lib/form';
import { safeNext } from '../lib/next';
import { queryClient } from '../lib/query';
import { ME_KEY, meQuery } from '../features/auth/me';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Shop admin' }];

/**
 * `/admin/login?token=sfa_…`: the storefront's Admin Panel link (spec section 2). The token is
 * spent at once (POST /api/admin/auth/exchange, the `sf_staff` cookie) and dropped from the
 * address. Someone already signed in goes straight on; anyone else signs in with e-mail and password.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  const token = url.searchParams.get('token');
  let linkError: string | null = null;
  if (token !== null) {
    const failure: unknown = await call(adminLinkApi.exchange, { body: { token } }).then(
      () => null,
      (err: unknown) => err ?? new Error('exchange failed'),
    );
    queryClient.removeQueries({ queryKey: ME_KEY });
    // Signed in: on to the panel, and the token leaves the address with this redirect.
    if (failure === null) throw redirect(next);
    linkError =
      failure instanceof ApiError && failure.status > 0 && failure.status < 500
        ? failure.status === 401 || failure.status === 422
          ? failure.message
          : messages.tooManyRequests
        : messages.unexpected;
  }
  // Someone still signed in (a spent link opened again) goes straight on.
  const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch(() => null);
  if (me) throw redirect(next);
  return { linkError };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(loaderData.linkError);
  const { control, handleSubmit, setError, formState } = useForm<StaffLoginBody>({
    resolver: sharedSchema((s) => s.StaffLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  // A spent link's token has no business staying in the address (or in the history).
  const hasToken = params.has('token');
  useEffect(() => {
    if (!hasToken) return;
    setParams(
      (p) => {
        p.delete('token');
        return p;
      },
      { replace: true },
    );
  }, [hasToken, setParams]);

  const submit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      await call(adminApi.login, { body: { email, password, session: 'cookie' } });
      queryClient.removeQueries({ queryKey: ME_KEY });
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      setFormError(applyApiError(err, ['email', 'password'], setError));
    }
  });

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-5 py-10">
      <div className="w-full max-w-sm">
        <p className="text-sm font-semibold tracking-wide text-muted uppercase">Shop admin</p>
        <h1 className="mt-1 text-2xl font-semibold">Staff sign-in</h1>
        <form onSubmit={submit} noValidate className="card mt-6 space-y-5 p-5 sm:p-6" data-testid="staff-sign-in">
          {formError && <FormMessage testId="staff-sign-in-error">{formError}</FormMessage>}
          <TextField
            control={control}
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="username"
            autoFocus
          />
          <TextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          <Button type="submit" variant="primary" className="w-full" isDisabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          <a href="/" className="underline underline-offset-2">
            Back to the shop
          </a>
        </p>
      </div>
    </main>
  );
}
