import { useId } from 'react';
import { Form, data, redirect, useNavigation } from 'react-router';
import { ApiError, adminApi, adminLinkApi, callEndpoint, messages } from '@shopfront/shared';
import type { Route } from './+types/admin.login';
import { FieldFrame, inputBorder, inputClass } from '../components/ui/field';
import { AlertIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { ClosedPage } from '../features/store-state/closed-page';
import { closedHeaders, closedMeta } from '../features/store-state/meta';
import { ADMIN_LOGIN_PATH } from '../features/store-state/paths';
import { CLOSED_HEADERS, closedShopView } from '../features/store-state/store-state.server';
import { api, apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { rootDataFrom } from '../lib/meta';
import { logFailure } from '../lib/errors';

/**
 * The Admin Panel link's page (spec section 2, `/admin/login?token=`). A token is spent at once
 * (POST /api/admin/auth/exchange: a staff cookie session) and dropped from the address; without
 * one, or with a spent one, staff sign in with e-mail and password.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  let linkError: string | null = null;
  if (token !== null) {
    try {
      await callEndpoint(apiTransport(context), adminLinkApi.exchange, { body: { token } });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      linkError = err.status === 401 || err.status === 422 ? err.message : messages.tooManyRequests;
    }
    if (linkError === null) throw redirect(ADMIN_LOGIN_PATH, { status: 303, headers: CLOSED_HEADERS });
  }
  const initial = await api(context).initialValues();
  const staff = initial.access.staff;
  return data(
    { view: closedShopView(initial, false), staff, linkError: staff ? null : linkError },
    { headers: CLOSED_HEADERS },
  );
}

interface SignInAnswer {
  message: string;
  errors: Record<string, string[]>;
  email: string;
}

/** Staff sign-in (POST /api/admin/auth/login, a cookie session) and sign-out. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  if (isCrossSite(request)) {
    return data<SignInAnswer>({ message: messages.forbiddenOrigin, errors: {}, email }, { status: 403 });
  }
  const t = apiTransport(context);
  try {
    if (form.get('intent') === 'logout') await callEndpoint(t, adminApi.logout);
    else {
      const password = String(form.get('password') ?? '');
      await callEndpoint(t, adminApi.login, { body: { email, password, session: 'cookie' } });
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status >= 500) logFailure('staff sign-in failed', err);
    const message = err.status >= 500 ? messages.unexpected : err.message;
    return data<SignInAnswer>(
      { message, errors: err.errors, email },
      { status: err.status || 503, headers: CLOSED_HEADERS },
    );
  }
  return redirect(ADMIN_LOGIN_PATH, { status: 303, headers: CLOSED_HEADERS });
}

export const headers = closedHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return closedMeta(rootDataFrom(matches), loaderData?.staff ? 'Admin Panel' : 'Staff sign-in');
}

function SignedIn({ name }: { name: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div className="space-y-5 text-center" data-testid="staff-signed-in">
      <p className="text-lg">
        Signed in as <strong className="font-semibold">{name}</strong>
      </p>
      <p className="text-sm text-pretty text-muted">
        The admin panel is not built yet. Until it is, manage the shop through the owner API, documented at{' '}
        <a href="/api/docs" className="font-medium text-ink underline underline-offset-2">
          /api/docs
        </a>
        , or from a terminal with <code className="rounded bg-surface px-1.5 py-0.5 text-ink">npm run shop</code>. While
        you are signed in you see the shop as shoppers will once it is open.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href="/" className="btn btn-primary h-12">
          Go to the shop
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" disabled={busy} className="btn btn-outline h-12 w-full">
            {busy && <Spinner />}
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}

function SignInForm({ answer, linkError }: { answer: SignInAnswer | undefined; linkError: string | null }) {
  const navigation = useNavigation();
  const id = useId();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const err = (k: 'email' | 'password') => answer?.errors[k]?.[0];
  const formError = answer && !err('email') && !err('password') ? answer.message : linkError;
  return (
    <Form method="post" noValidate className="space-y-4" data-testid="staff-sign-in">
      <input type="hidden" name="intent" value="login" />
      {formError && (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          data-testid="staff-sign-in-error"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      )}
      <FieldFrame id={`${id}-email`} label="E-mail address" error={err('email')}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          defaultValue={answer?.email ?? ''}
          aria-invalid={err('email') ? true : undefined}
          aria-describedby={err('email') ? `${id}-email-error` : undefined}
          className={`${inputClass} ${inputBorder(err('email'))}`}
        />
      </FieldFrame>
      <FieldFrame id={`${id}-password`} label="Password" error={err('password')}>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={err('password') ? true : undefined}
          aria-describedby={err('password') ? `${id}-password-error` : undefined}
          className={`${inputClass} ${inputBorder(err('password'))}`}
        />
      </FieldFrame>
      <button type="submit" disabled={busy} className="btn btn-primary h-12 w-full">
        {busy && <Spinner />}
        Sign in
      </button>
    </Form>
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { view, staff, linkError } = loaderData;
  return (
    <ClosedPage view={view} eyebrow="Staff" title={staff ? 'Admin Panel' : 'Staff sign-in'}>
      {staff ? <SignedIn name={staff.name} /> : <SignInForm answer={actionData} linkError={linkError} />}
    </ClosedPage>
  );
}
