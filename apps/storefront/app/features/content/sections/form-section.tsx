import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useActionData, useLocation, useNavigation } from 'react-router';
import {
  ApiError,
  TRADE_ENQUIRY_FORM_ID,
  TRADE_PRODUCT_SLUG,
  callEndpoint,
  tradeEnquiryApi,
  type FormDefinition,
  type FormField,
} from '@shopfront/shared';
import { Container } from '../../../components/container';
import { browserTransport } from '../../../lib/api.client';
import { FORM_ID_FIELD, FORM_SECTION_FIELD, type FormSectionResult } from '../form-submission';
import type { validateFormSubmission } from './form-validation';
import { SectionHeading } from './section-heading';

const inputClass =
  'block w-full rounded-xl border bg-background px-4 py-3 text-[15px] text-ink placeholder:text-muted/70 focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none aria-[invalid=true]:border-red-600';

function Field({
  field,
  sectionKey,
  error,
  defaultValue,
}: {
  field: FormField;
  sectionKey: string;
  error?: string;
  defaultValue?: string;
}) {
  const id = `${sectionKey}-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    required: field.required,
    defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    placeholder: field.placeholder ?? undefined,
    maxLength: field.max_length ?? undefined,
    minLength: field.min_length ?? undefined,
    className: `${inputClass} ${error ? 'border-red-600' : 'border-ink/15'}`,
  };
  return (
    <div className={field.type === 'textarea' ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={5} />
      ) : field.type === 'select' ? (
        <select {...common} defaultValue={defaultValue ?? ''}>
          <option value="" disabled={field.required}>
            {field.placeholder ?? 'Choose…'}
          </option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : undefined}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The product a trade enquiry opened from a product page (?product={slug}) is about, named by the
 * API (the TradeEnquiry plugin's product look-up): undefined while it is asked (and before
 * hydration: the form then says "the product you were viewing"), null when there is none or it
 * is no longer sold, so the enquiry goes without it.
 */
function useTradeProduct(slug: string | null): { slug: string; name: string } | null | undefined {
  const [found, setFound] = useState<{ slug: string; name: string } | null | undefined>(undefined);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    callEndpoint(browserTransport, tradeEnquiryApi.product, { params: { slug } }).then(
      ({ data }) => live && setFound(data),
      // A product that is gone: the enquiry goes without it. Anything else: keep the plain wording.
      (err: unknown) => live && setFound(err instanceof ApiError && err.status === 404 ? null : undefined),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  return slug ? found : null;
}

/**
 * A contact-style form. It posts to the page's own action, so it works without JavaScript; with
 * it, the shared schema checks the fields first (same messages as the server), and the server's
 * field errors are shown beside the fields either way.
 */
export function FormSection({
  id,
  title,
  form,
  sectionKey,
}: {
  id: string;
  title: string;
  form: FormDefinition;
  sectionKey: string;
}) {
  const result = useActionData() as FormSectionResult | undefined;
  const mine = result?.section === sectionKey ? result : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get(FORM_SECTION_FIELD) === sectionKey;
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const serverErrors = mine && !mine.ok ? mine.errors : {};
  const errors = clientErrors ?? serverErrors;

  // A new answer from the server replaces what the browser-side check found (adjusted while
  // rendering); the form is emptied after a success and the status takes focus once it is shown.
  const [answered, setAnswered] = useState(mine);
  if (answered !== mine) {
    setAnswered(mine);
    if (mine) setClientErrors(null);
  }
  useEffect(() => {
    if (!mine) return;
    if (mine.ok) formRef.current?.reset();
    statusRef.current?.focus();
  }, [mine]);

  // The browser-side check arrives after the page is up; a submit before that goes to the server.
  const [validate, setValidate] = useState<typeof validateFormSubmission | null>(null);
  useEffect(() => {
    let live = true;
    void import('./form-validation').then((m) => live && setValidate(() => m.validateFormSubmission));
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!validate) return;
    const values = Object.fromEntries(
      [...new FormData(e.currentTarget)].filter(([k, v]) => typeof v === 'string' && !k.startsWith('_')),
    );
    const found = validate(form.fields, values);
    setClientErrors(found);
    if (!found) return;
    e.preventDefault();
    const first = form.fields.find((f) => found[f.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  };

  // A trade enquiry sent from a product page (?product={slug}) carries that product.
  const { search } = useLocation();
  const productParam = form.id === TRADE_ENQUIRY_FORM_ID ? new URLSearchParams(search).get('product') : null;
  const productSlug = productParam && TRADE_PRODUCT_SLUG.test(productParam) ? productParam : null;
  const named = useTradeProduct(productSlug);
  const product = named === null ? null : productSlug;

  const headingId = `${id}-title`;
  const heading = title || form.name;
  return (
    <section aria-labelledby={headingId} className="py-12 md:py-16">
      <Container>
        <div className="mx-auto max-w-2xl rounded-3xl bg-surface p-6 sm:p-10">
          <SectionHeading id={headingId} title={heading} />
          {form.description && <p className="-mt-3 mb-6 text-muted">{form.description}</p>}
          <div ref={statusRef} tabIndex={-1} role="status" className="focus:outline-none">
            {mine?.ok && (
              <p className="mb-6 rounded-xl bg-primary/10 px-4 py-3 font-medium text-primary">
                {mine.successMessage || form.success_message || mine.message}
              </p>
            )}
            {mine && !mine.ok && Object.keys(mine.errors).length === 0 && (
              <p className="mb-6 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-700">{mine.message}</p>
            )}
          </div>
          <Form
            ref={formRef}
            method="post"
            noValidate
            preventScrollReset
            onSubmit={onSubmit}
            className="grid gap-5 sm:grid-cols-2"
          >
            <input type="hidden" name={FORM_SECTION_FIELD} value={sectionKey} />
            <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
            {product && (
              <p className="rounded-xl bg-background px-4 py-3 text-sm sm:col-span-2">
                <input type="hidden" name="product" value={product} />
                Your enquiry is about{' '}
                <Link
                  to={`/product/${product}`}
                  className="font-semibold text-primary underline underline-offset-2"
                  data-trade-product={named ? 'named' : undefined}
                >
                  {named?.name ?? 'the product you were viewing'}
                </Link>
                .
              </p>
            )}
            {form.fields.map((f) => (
              <Field
                key={f.name}
                field={f}
                sectionKey={sectionKey}
                error={errors[f.name]?.[0]}
                defaultValue={mine && !mine.ok ? mine.values[f.name] : undefined}
              />
            ))}
            <div className="sm:col-span-2">
              <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submitting}>
                {submitting ? 'Sending…' : form.submit_label || 'Submit'}
              </button>
            </div>
          </Form>
        </div>
      </Container>
    </section>
  );
}
