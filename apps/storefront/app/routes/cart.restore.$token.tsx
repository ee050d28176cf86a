import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { ApiError, abandonedCartApi, callEndpoint, messages } from '@shopfront/shared';
import type { Route } from './+types/cart.restore.$token';
import { Container } from '../components/container';
import { AlertIcon, BagIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { SectionCard } from '../features/account/section';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { errorResponse, logFailure } from '../lib/errors';
import { tokenPageMeta } from '../lib/meta';

/**
 * The link of the abandoned-cart reminder (AbandonedCart plugin): /cart/restore/{token}. Opening
 * it (GET) only shows a button: e-mail link scanners fetch links before the shopper does, so the
 * token is used only by the POST the button makes. The action copies the reminded cart into this
 * browser's cart (POST /api/plugins/AbandonedCart; a new cart comes with its cookies) and goes to
 * /cart; a link that no longer works shows why, with a way back to the shop.
 */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const handle = { page: { slug: 'cart-restore' } };

export function headers() {
  return PERSONAL;
}

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, 'Restore your cart');
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (isCrossSite(request)) return data({ message: messages.forbiddenOrigin }, { status: 403, headers: PERSONAL });
  try {
    await callEndpoint(apiTransport(context), abandonedCartApi.restore, { body: { token: params.token } });
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      return data({ message: err.message }, { status: err.status, headers: PERSONAL });
    }
    logFailure('cart restore failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  return redirect('/cart', { headers: PERSONAL });
}

export default function RestoreCart({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const restoring = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <div className="bg-surface/60 py-10 md:py-16">
      <Container>
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-2xl font-semibold md:text-[1.75rem]">Restore your cart</h1>
          {actionData ? (
            <SectionCard className="mt-5">
              <div className="flex gap-3" role="alert">
                <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
                <p className="text-sm">{actionData.message}</p>
              </div>
              <Link to="/shop-online" className="btn btn-primary mt-5 w-full">
                Continue shopping
              </Link>
            </SectionCard>
          ) : (
            <>
              <p className="mt-1 mb-5 text-sm text-muted">
                The items you left in your cart are waiting for you. Add them to the cart on this device; anything
                already in it stays.
              </p>
              <SectionCard>
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-surface text-muted">
                    <BagIcon className="size-6" />
                  </span>
                  <p className="text-sm text-muted">Quantities follow what is in stock today.</p>
                </div>
                <Form method="post" replace className="mt-5">
                  <button type="submit" className="btn btn-primary w-full" disabled={restoring}>
                    {restoring && <Spinner />}
                    Restore my cart
                  </button>
                </Form>
              </SectionCard>
            </>
          )}
        </div>
      </Container>
    </div>
  );
}
