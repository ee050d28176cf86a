import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, data } from 'react-router';
import { ApiError, NETWORK_ERROR, applicationsApi, callEndpoint, messages, type Application } from '@shopfront/shared';
import type { Route } from './+types/apply';
import { Container } from '../components/container';
import { TextField } from '../components/ui/field';
import { AlertIcon, ArrowRightIcon, CheckIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { ApplicationFieldInput } from '../features/services/application-field';
import { feeText } from '../features/services/fee-text';
import { api, isNotFound } from '../lib/api.server';
import { errorResponse, logFailure, notFound } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { multipartTransport } from '../lib/multipart-transport';
import { useShop } from '../lib/shop';

/**
 * Apply for a service (services mode, issue 27): the service's own form, drawn from its fields,
 * and the applicant's contact (a signed-in customer's account fills it in). Sent as
 * multipart/form-data to POST /api/applications from the browser (files go straight to the API);
 * the API checks every answer against the service's fields and its per-field messages are shown
 * under the fields. Sent, the page shows the application's number and its tracking link.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug ?? '';
  let product;
  try {
    product = await api(context).product(slug);
  } catch (err) {
    if (isNotFound(err) || (err instanceof ApiError && err.status === 422)) {
      throw notFound(messages.pageNotFound(new URL(request.url).pathname));
    }
    logFailure('service lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  if (!product.service) throw notFound(messages.pageNotFound(new URL(request.url).pathname));
  const p = product.product;
  return data(
    { service: product.service, product: { name: p.name, slug: p.slug, url: p.url, price: p.price } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/**
 * A form sent without the page's script (JavaScript off, or tapped before the page was ready):
 * the browser posted it here, and its files cannot be passed on from this server's API calls
 * (JSON only). Nothing is kept; the page asks to send it again with the script running. Being a
 * POST keeps the answers out of the address bar and the logs.
 */
export async function action() {
  return data({ needsScript: true }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
}

export const handle = { page: { slug: 'apply' } };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? `Apply: ${loaderData.product.name}` : 'Apply';
  return [...shopMeta(rootDataFrom(matches), { title }), { name: 'robots', content: 'noindex' }];
}

interface Failure {
  message: string;
  errors: Record<string, string[]>;
}

const CONTACT_KEYS = ['name', 'email', 'phone'];
const card = 'space-y-4 rounded-2xl border border-ink/10 bg-background p-5 md:p-7';

function Sent({ application, signedIn }: { application: Application; signedIn: boolean }) {
  const quote = application.stage === 'quote_requested';
  const title = useRef<HTMLHeadingElement>(null);
  // The form is gone: the page starts again at the confirmation, which takes the focus.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    title.current?.focus();
  }, []);
  return (
    <div
      className="mx-auto max-w-xl rounded-2xl border border-ink/10 bg-background p-6 text-center md:p-8"
      data-testid="application-sent"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <CheckIcon className="size-7" />
      </span>
      <h1 ref={title} className="mt-4 text-2xl font-semibold focus:outline-none" tabIndex={-1}>
        {quote ? 'Quote request sent' : 'Application sent'}
      </h1>
      <p className="mt-2 text-muted">
        {quote
          ? 'We will reply with the fee before any work starts.'
          : 'Our team has your form and documents. We will tell you at each step.'}
      </p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface px-5 py-4 text-left text-sm">
        <dt className="text-muted">Application number</dt>
        <dd className="font-mono font-semibold" data-testid="application-number">
          {application.application_no}
        </dd>
        <dt className="text-muted">Service</dt>
        <dd>{application.service.name}</dd>
        <dt className="text-muted">Now at</dt>
        <dd>{application.stage_label}</dd>
      </dl>
      <p className="mt-4 text-sm text-muted">
        Keep the number: with your phone or e-mail it finds your application on “Track an application”.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link
          to={signedIn ? `/account/applications/${encodeURIComponent(application.id)}` : application.tracking_path}
          className="btn btn-primary h-12 gap-2 px-6 whitespace-nowrap"
        >
          Follow your application
          <ArrowRightIcon className="size-5" />
        </Link>
        <Link to="/shop-online" className="btn btn-outline h-12 px-6 whitespace-nowrap">
          See other services
        </Link>
      </div>
    </div>
  );
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { service, product } = loaderData;
  const { account } = useShop();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState<Application | null>(null);
  const [contact, setContact] = useState({
    name: account ? `${account.first_name} ${account.last_name}`.trim() : '',
    email: account?.email ?? '',
    phone: account?.phone ?? '',
  });
  const err = (key: string) => failure?.errors[key]?.[0];
  const fieldKeys = new Set([...CONTACT_KEYS, ...service.form_fields.map((f) => f.key)]);
  const formError = failure && (Object.keys(failure.errors).every((k) => !fieldKeys.has(k)) ? failure.message : null);
  const quote = service.fee_kind === 'quote';

  // A refusal, once shown: the first refused field takes the focus (its message is tied to it).
  useEffect(() => {
    if (!failure) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? document.getElementById(`${id}-form-error`))?.focus();
  }, [failure, id]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    form.set('service', product.slug);
    // An empty file input still sends an empty part: leave it out, as "no file".
    for (const [key, value] of [...form.entries()]) {
      if (typeof value !== 'string' && value.size === 0 && value.name === '') form.delete(key);
    }
    setBusy(true);
    try {
      const { data: application } = await callEndpoint(multipartTransport(form, {}), applicationsApi.create);
      setSent(application);
    } catch (error) {
      const answer =
        error instanceof ApiError
          ? { message: error.message, errors: error.errors }
          : { message: NETWORK_ERROR, errors: {} };
      setFailure(answer);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="bg-surface/60 pb-16">
        <Container className="pt-8 md:pt-12">
          <Sent application={sent} signedIn={!!account} />
        </Container>
      </div>
    );
  }

  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-6 md:pt-10">
        <div className="mx-auto max-w-2xl">
          <Link to={product.url} className="inline-flex min-h-11 items-center text-sm text-muted hover:text-ink">
            ← {product.name}
          </Link>
          <h1 className="mt-1 text-3xl font-semibold md:text-4xl">
            {quote ? 'Request a quote' : 'Apply'}: {product.name}
          </h1>
          <p className="mt-2 text-muted">
            Fee: <span className="font-semibold text-ink">{feeText(service.fee_kind, product.price)}</span>
            {quote ? ' · we reply with the fee before any work starts' : ''}
          </p>
          <form
            ref={formRef}
            method="post"
            noValidate
            encType="multipart/form-data"
            onSubmit={submit}
            className="mt-6 space-y-5"
            data-testid="apply-form"
          >
            {service.form_fields.length > 0 && (
              <section aria-labelledby={`${id}-answers`} className={card}>
                <h2 id={`${id}-answers`} className="text-lg font-semibold">
                  Your application
                </h2>
                {service.form_fields.map((field) => (
                  <ApplicationFieldInput key={field.key} field={field} idPrefix={id} error={err(field.key)} />
                ))}
              </section>
            )}
            <section aria-labelledby={`${id}-contact`} className={card}>
              <div>
                <h2 id={`${id}-contact`} className="text-lg font-semibold">
                  How we reach you
                </h2>
                <p className="mt-0.5 text-sm text-muted">
                  {account
                    ? 'From your account: change them here for this application only.'
                    : 'We send each step of your application to your phone or e-mail: give at least one.'}
                </p>
              </div>
              <TextField
                label="Full name"
                name="name"
                autoComplete="name"
                value={contact.name}
                onValue={(name) => setContact((c) => ({ ...c, name }))}
                error={err('name')}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={contact.phone}
                  onValue={(phone) => setContact((c) => ({ ...c, phone }))}
                  error={err('phone')}
                />
                <TextField
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={contact.email}
                  onValue={(email) => setContact((c) => ({ ...c, email }))}
                  error={err('email')}
                />
              </div>
            </section>
            {actionData?.needsScript && !failure && (
              <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                Your application was not sent: this form needs JavaScript to send your documents. Please turn it on (or
                wait for the page to finish loading) and send it again.
              </p>
            )}
            {formError && (
              <p
                id={`${id}-form-error`}
                role="alert"
                tabIndex={-1}
                className="flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
                data-testid="apply-error"
              >
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                {formError}
              </p>
            )}
            {failure && !formError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                Some answers need another look: see the messages above.
              </p>
            )}
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary h-12 w-full">
              {busy && <Spinner />}
              {quote ? 'Send quote request' : 'Send application'}
            </button>
          </form>
        </div>
      </Container>
    </div>
  );
}
