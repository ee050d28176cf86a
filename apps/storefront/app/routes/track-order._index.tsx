import { useId } from 'react';
import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { ApiError, applicationsApi, callEndpoint, messages, trackingApi, type StoreMode } from '@shopfront/shared';
import type { Route } from './+types/track-order._index';
import { Container } from '../components/container';
import { FieldFrame, inputBorder, inputClass } from '../components/ui/field';
import { AlertIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { failureOf } from '../features/checkout/payment-action.server';
import { api, apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { storeMode, useShop } from '../lib/shop';

interface FindResult {
  message: string;
  errors: Record<string, string[]>;
  values: { order_no: string; contact: string };
}

/** The page's words: an order in a shop that sells products, an application in services mode. */
interface Words {
  title: string;
  intro: string;
  number: string;
  example: string;
  button: string;
  signedIn: { to: string; text: string };
}

const WORDS: Record<StoreMode, Words> = {
  products: {
    title: 'Track your order',
    intro: 'Enter your order number and the phone number or e-mail address you placed it with.',
    number: 'Order number',
    example: 'As in your confirmation, e.g. SF-100123',
    button: 'Track order',
    signedIn: { to: '/account/orders', text: 'See all your orders' },
  },
  services: {
    title: 'Track your application',
    intro: 'Enter your application number and the phone number or e-mail address you applied with.',
    number: 'Application number',
    example: 'As in your confirmation, e.g. AP-100123',
    button: 'Track application',
    signedIn: { to: '/account/applications', text: 'See all your applications' },
  },
};

/**
 * Find my order: the order number with the phone or e-mail it was placed with
 * (POST /api/track-order); found, the browser goes to the order's tracking page. In services
 * mode the same form finds an application (POST /api/track-application) and opens its page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    order_no: String(form.get('order_no') ?? '').trim(),
    contact: String(form.get('contact') ?? '').trim(),
  };
  if (isCrossSite(request)) {
    return data<FindResult>({ message: messages.forbiddenOrigin, errors: {}, values }, { status: 403 });
  }
  try {
    const t = apiTransport(context);
    if (storeMode(await api(context).shell()) === 'services') {
      const body = { application_no: values.order_no, contact: values.contact };
      const { data: application } = await callEndpoint(t, applicationsApi.find, { body });
      return redirect(application.tracking_path, 303);
    }
    const { data: tracking } = await callEndpoint(t, trackingApi.find, { body: values });
    return redirect(tracking.tracking_path, 303);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'track order');
    return data<FindResult>({ message, errors, values }, { status, headers: { 'Cache-Control': 'no-store' } });
  }
}

export const handle = { page: { slug: 'track-order' } };

export function meta({ matches }: Route.MetaArgs) {
  const shop = rootDataFrom(matches);
  const { title } = WORDS[shop ? storeMode(shop) : 'products'];
  return [...shopMeta(shop, { title }), { name: 'robots', content: 'noindex' }];
}

export default function FindMyOrder() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  // An order number's own tracking address sends a guest here with the number filled in.
  const [params] = useSearchParams();
  const shop = useShop();
  const { account } = shop;
  const words = WORDS[storeMode(shop)];
  const id = useId();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/track-order') === true;
  // An application's errors name its number application_no: shown under the same field.
  const err = (k: 'order_no' | 'contact') =>
    answer?.errors[k]?.[0] ?? (k === 'order_no' ? answer?.errors.application_no?.[0] : undefined);
  const formError = answer && !err('order_no') && !err('contact') ? answer.message : null;

  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-8 md:pt-12">
        <div className="mx-auto max-w-md">
          <h1 className="text-3xl font-semibold md:text-4xl">{words.title}</h1>
          <p className="mt-2 text-muted">{words.intro}</p>
          <Form
            method="post"
            noValidate
            className="mt-6 space-y-4 rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
            data-testid="find-order-form"
          >
            <FieldFrame id={`${id}-no`} label={words.number} error={err('order_no')} hint={words.example}>
              <input
                id={`${id}-no`}
                name="order_no"
                autoComplete="off"
                autoCapitalize="characters"
                defaultValue={answer?.values.order_no ?? params.get('order_no')?.slice(0, 40) ?? ''}
                aria-invalid={err('order_no') ? true : undefined}
                aria-describedby={err('order_no') ? `${id}-no-error` : `${id}-no-hint`}
                className={`${inputClass} ${inputBorder(err('order_no'))}`}
              />
            </FieldFrame>
            <FieldFrame id={`${id}-contact`} label="Phone or e-mail" error={err('contact')}>
              <input
                id={`${id}-contact`}
                name="contact"
                autoComplete="email"
                defaultValue={answer?.values.contact ?? ''}
                aria-invalid={err('contact') ? true : undefined}
                aria-describedby={err('contact') ? `${id}-contact-error` : undefined}
                className={`${inputClass} ${inputBorder(err('contact'))}`}
              />
            </FieldFrame>
            {formError && (
              <p
                role="alert"
                className="flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
                data-testid="find-order-error"
              >
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                {formError}
              </p>
            )}
            <button type="submit" disabled={busy} className="btn btn-primary h-12 w-full">
              {busy && <Spinner />}
              {words.button}
            </button>
          </Form>
          {account && (
            <p className="mt-6 text-center text-sm text-muted">
              Signed in?{' '}
              <Link
                to={words.signedIn.to}
                className="inline-flex min-h-11 items-center font-semibold text-ink underline underline-offset-4"
              >
                {words.signedIn.text}
              </Link>
            </p>
          )}
        </div>
      </Container>
    </div>
  );
}
