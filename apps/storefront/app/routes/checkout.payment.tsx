import { data, redirect, useFetchers, type ShouldRevalidateFunctionArgs } from 'react-router';
import { callEndpoint, cartApi, orderMessages, type Cart, type CheckoutVerdict } from '@shopfront/shared';
import type { Route } from './+types/checkout.payment';
import { shownAddress } from '../features/addresses/address-mapping';
import { isCartUpdating } from '../features/cart/cart-view';
import { CheckoutHelp } from '../features/checkout/checkout-header';
import { isLeavingForPayment } from '../features/checkout/leaving';
import { paymentStepAction } from '../features/checkout/payment-action.server';
import { DeliverTo } from '../features/checkout/payment/deliver-to';
import { OptionGroup } from '../features/checkout/payment/option-group';
import { PlaceOrderBar } from '../features/checkout/payment/place-order-bar';
import { PlaceOrderPanel } from '../features/checkout/payment/place-order-panel';
import { StepCard } from '../features/checkout/payment/step-card';
import { useStepAnswer } from '../features/checkout/payment/use-step-answer';
import {
  PAYMENT_MODE_FIELD,
  SHIPPING_MODE_FIELD,
  paymentOptionsOf,
  paysOffline,
  paysOnline,
  shippingOptionsOf,
  type PaymentStepResult,
} from '../features/checkout/payment-view';
import { ProcessingDialog } from '../features/checkout/processing-dialog';
import { CheckoutPageTop } from '../features/checkout/steps';
import { CheckoutSummary } from '../features/checkout/summary';
import { useLeaveForPayment } from '../features/checkout/use-leave-for-payment';
import { checkoutVerdict } from '../features/checkout/validation.server';
import { apiTransport } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The payment step, behind the checkout guard: an empty cart goes back to /cart, so does one
 * whose cart step fails (stock, prices); a cart whose address step is not done goes to
 * /checkout/address (GET /api/cart/validate, spec section 5 in its order). The page then shows
 * the delivery and payment options, the summary and Place order, with a fresh Idempotency-Key
 * for the Place order form of this rendering.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = apiTransport(context);
  let cart: Cart;
  let validation: CheckoutVerdict;
  try {
    ({ data: cart } = await callEndpoint(t, cartApi.get));
    validation = cart.items.length
      ? await checkoutVerdict(t, 'payment')
      : { valid: false, step: 'cart', field: 'items', message: '' };
  } catch (err) {
    logFailure('checkout payment failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  if (!validation.valid && validation.step === 'cart') throw redirect('/cart');
  if (!validation.valid && validation.step === 'address') throw redirect('/checkout/address');
  return data(
    {
      cart,
      shipTo: cart.shipping_address ? shownAddress(cart.shipping_address) : null,
      idempotencyKey: crypto.randomUUID(),
      /** The server's own text, shown before the form is sent when the box is not ticked. */
      termsRequired: orderMessages.termsRequired,
    },
    { headers: PERSONAL },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return paymentStepAction({ request, context });
}

/**
 * Once the order is placed and the browser is leaving for the provider's page, the cart is
 * ordered: reloading this page's data now would send the shopper to /cart instead.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isLeavingForPayment()) return false;
  const answer = actionResult as PaymentStepResult | undefined;
  if (answer?.ok && answer.intent === 'place-order') return false;
  return defaultShouldRevalidate;
}

export function headers() {
  return PERSONAL;
}

/** `checkout`: the site shell shows the checkout's own header instead of the storefront's chrome. */
export const handle = { page: { slug: 'checkout' }, cartPage: true, checkout: true };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Checkout: Payment' }), { name: 'robots', content: 'noindex' }];
}

/**
 * The delivery and payment options (each saved as chosen), the order summary and Place order,
 * which on a phone also sits in a bar under the thumb. The parts are features/checkout/payment.
 */
export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  const { cart, shipTo, idempotencyKey, termsRequired } = loaderData;
  const fetchers = useFetchers();
  const { fetcher: place, answer, busy } = useStepAnswer('place-order');
  const updating =
    isCartUpdating(fetchers) || fetchers.some((f) => f.key === 'checkout-shipping' || f.key === 'checkout-payment');
  const placed = answer?.ok && answer.intent === 'place-order' ? answer : null;
  const { leaving, unusable } = useLeaveForPayment(placed);
  const failed = answer && !answer.ok ? answer : null;
  const kept = failed?.kept;
  const choiceError = (field: string) => failed?.errors[field]?.[0] ?? null;
  const total = cart.totals.grand_total;
  const online = paysOnline(cart);
  const processing = leaving || (busy && online);

  return (
    <div className="checkout-page bg-surface/60 pb-32 md:pb-16">
      <div className="mx-auto max-w-2xl px-4 pt-5 sm:px-6 md:pt-8">
        <CheckoutPageTop active="payment" />

        <div className="mt-5">
          <div className="min-w-0 space-y-4">
            {shipTo && <DeliverTo shipTo={shipTo} contact={cart} />}

            <StepCard title="Delivery option" done={cart.shipping_method !== null} testId="delivery-options">
              <OptionGroup
                intent="shipping"
                legend="Delivery option"
                options={shippingOptionsOf(cart)}
                chosen={kept?.shipping || cart.shipping_method?.code || null}
                prompt="Choose a delivery option."
                placeError={choiceError(SHIPPING_MODE_FIELD)}
              />
            </StepCard>

            <StepCard title="Payment method" done={cart.cart_payment_method !== null} testId="payment-options">
              <OptionGroup
                intent="payment"
                legend="Payment method"
                options={paymentOptionsOf(cart)}
                chosen={kept?.payment || cart.cart_payment_method?.code || null}
                prompt="Choose how you would like to pay."
                placeError={choiceError(PAYMENT_MODE_FIELD)}
              />
            </StepCard>

            <CheckoutSummary cart={cart} updating={updating} step="payment" />

            <PlaceOrderPanel
              place={place}
              failed={failed}
              idempotencyKey={idempotencyKey}
              termsRequired={termsRequired}
              total={total}
              busy={busy || leaving}
              updating={updating}
              unusable={unusable}
              paysWhen={online ? 'online' : paysOffline(cart) ? 'offline' : null}
            />
          </div>
        </div>
        <CheckoutHelp />
      </div>

      <PlaceOrderBar total={total} busy={busy} leaving={leaving} updating={updating} />

      <ProcessingDialog open={processing} />
    </div>
  );
}
