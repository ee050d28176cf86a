import { useId } from 'react';
import { Form, data, redirect, useNavigation } from 'react-router';
import { ApiError, callEndpoint, messages, storefrontApi } from '@shopfront/shared';
import type { Route } from './+types/password-protected';
import { FieldFrame, inputBorder, inputClass } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { ClosedPage } from '../features/store-state/closed-page';
import { closedHeaders, closedMeta } from '../features/store-state/meta';
import { CLOSED_HEADERS, specialPageLoader } from '../features/store-state/store-state.server';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { rootDataFrom } from '../lib/meta';
import { logFailure } from '../lib/errors';

/** Spec section 4: the password page, 404 unless password protection is on. */
export function loader({ context, request }: Route.LoaderArgs) {
  return specialPageLoader(context, request, 'password');
}

/**
 * The store password (POST /api/storefront/verify-password). Right: the API's access cookie
 * travels with the redirect to `/`, which sends the visitor on according to the mode.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  if (isCrossSite(request)) return data({ error: messages.forbiddenOrigin }, { status: 403, headers: CLOSED_HEADERS });
  try {
    await callEndpoint(apiTransport(context), storefrontApi.verifyPassword, { body: { password } });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status >= 500) logFailure('verify-password failed', err);
    const error = err.errors.password?.[0] ?? (err.status >= 500 ? messages.unexpected : err.message);
    return data({ error }, { status: err.status || 503, headers: CLOSED_HEADERS });
  }
  return redirect('/', { status: 303, headers: CLOSED_HEADERS });
}

export const headers = closedHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return closedMeta(rootDataFrom(matches), 'Password protected');
}

export default function PasswordProtected({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const id = useId();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const error = actionData?.error;
  return (
    <ClosedPage view={loaderData} eyebrow="Private shop" title="Enter the store password">
      <p className="text-center text-pretty text-muted">
        {loaderData.storeName} is open to invited visitors only for now. Enter the password you were given to come in.
      </p>
      <Form method="post" noValidate className="mt-6 space-y-3" data-testid="store-password-form">
        <FieldFrame id={`${id}-password`} label="Store password" error={error}>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-password-error` : undefined}
            className={`${inputClass} ${inputBorder(error)}`}
          />
        </FieldFrame>
        <button type="submit" disabled={busy} className="btn btn-primary h-12 w-full">
          {busy && <Spinner />}
          Enter
        </button>
      </Form>
    </ClosedPage>
  );
}
