import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, adminCouponsApi, type AdminCoupon } from '@shopfront/shared';
import { SaveFailure } from '../../components/ui/form-message';
import { SaveBar, SaveButton } from '../../components/ui/save-bar';
import { call, errorText } from '../../lib/api';
import { savedToast } from '../../lib/undo';
import { FormField, FormSection } from '../../components/ui/form-field';
import { CouponCheck } from './fields';
import { emptyCouponForm, formField, fromCoupon, toCouponBody, type CouponForm } from './form-model';
import { COUPONS_KEY, couponKey } from './queries';
import { ScopePicker } from './scope';
import { couponSummary } from './summary';

/**
 * The coupon editor, new and edit: every rule the cart checks, in groups, with a sentence of
 * what the coupon does as it is typed. Checked with the shared schema (loaded on the first save)
 * and by the server, whose 422 messages land beside their fields; an edit carries If-Match.
 */
export default function CouponEditor({ coupon, currency }: { coupon?: AdminCoupon; currency: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useForm<CouponForm>({ defaultValues: coupon ? fromCoupon(coupon) : emptyCouponForm() });
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  /** The form's message only points at field messages: it goes when they are all fixed. */
  const [pointsAtFields, setPointsAtFields] = useState(false);
  const kind = useWatch({ control: form.control, name: 'kind' });

  const place = (issues: [path: string, message: string][]) => {
    let placed = 0;
    for (const [path, message] of issues) {
      const field = formField(path);
      if (!field || form.getFieldState(field).error) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed++;
    }
    setPointsAtFields(placed > 0);
    setFormError(placed ? 'Some fields need a look; each says what is wrong.' : (issues[0]?.[1] ?? 'Check the form'));
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setStale(false);
    const body = toCouponBody(values);
    const { AdminCouponBodySchema } = await import('./schema');
    const checked = AdminCouponBodySchema.safeParse(body);
    if (!checked.success) {
      place(checked.error.issues.map((i) => [i.path.join('.'), i.message]));
      return;
    }
    try {
      const res = coupon
        ? await call(adminCouponsApi.update, {
            params: { id: coupon.id },
            body,
            headers: { 'if-match': String(coupon.version) },
          })
        : await call(adminCouponsApi.create, { body });
      qc.setQueryData(couponKey(res.data.id), res.data);
      void qc.invalidateQueries({ queryKey: COUPONS_KEY, predicate: (q) => q.queryKey[1] !== 'coupon' });
      savedToast(qc, res.message ?? 'Coupon saved', {
        description: res.data.code,
        offer: res.undo,
        refresh: [COUPONS_KEY],
      });
      if (coupon) form.reset(fromCoupon(res.data));
      else navigate(`/coupons/${res.data.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(true);
        setFormError(err.message);
      } else if (err instanceof ApiError && err.status === 422) {
        place(Object.entries(err.errors).map(([path, list]) => [path, list[0] ?? err.message]));
      } else {
        setFormError(errorText(err));
      }
    }
  });

  const reload = async () => {
    if (!coupon) return;
    const fresh = await qc.fetchQuery({
      queryKey: couponKey(coupon.id),
      queryFn: async () => (await call(adminCouponsApi.get, { params: { id: coupon.id } })).data,
      staleTime: 0,
    });
    form.reset(fromCoupon(fresh));
    setStale(false);
    setFormError(null);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mx-auto max-w-3xl space-y-4" data-testid="coupon-form">
        <Summary currency={currency} />
        <FormSection title="Code">
          <FormField
            name="code"
            label="Code shoppers type"
            testId="code"
            placeholder="DIWALI10"
            description="3 to 40 letters, digits, - or _. Shoppers may type it in any case."
          />
          <FormField
            name="description"
            label="What shoppers read"
            testId="description"
            placeholder="10% off your order"
            description="Shown beside the code in the cart and the list of offers."
          />
          <CouponCheck
            name="secret"
            label="Secret code"
            description="Not listed in the cart's offers: it works only for shoppers you give it to."
            testId="secret"
          />
        </FormSection>
        <FormSection title="Discount">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="kind" label="Type" as="select" testId="kind">
              <option value="percent">Percentage off</option>
              <option value="fixed">Fixed amount off</option>
            </FormField>
            <FormField
              name="value"
              label={kind === 'percent' ? 'Percentage' : 'Amount'}
              inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
              prefix={kind === 'percent' ? undefined : currencySign(currency)}
              suffix={kind === 'percent' ? '%' : undefined}
              testId="value"
              description={kind === 'percent' ? '1 to 100.' : 'Never more than the items cost.'}
            />
            {kind === 'percent' && (
              <FormField
                name="max_discount"
                label="Maximum discount"
                inputMode="decimal"
                prefix={currencySign(currency)}
                testId="max_discount"
                description="Empty: no cap."
              />
            )}
          </div>
        </FormSection>
        <FormSection title="Conditions">
          <FormField
            name="min_subtotal"
            label="Minimum order"
            inputMode="decimal"
            prefix={currencySign(currency)}
            testId="min_subtotal"
            description="The items it covers must add up to this. Empty: any amount."
          />
          <CouponCheck
            name="first_order_only"
            label="First order only"
            description="For customers who have not ordered yet. Guests are asked to log in."
            testId="first_order_only"
          />
        </FormSection>
        <FormSection title="Limits">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              name="usage_limit"
              label="Uses in all"
              inputMode="numeric"
              testId="usage_limit"
              description={
                coupon
                  ? `Used ${coupon.used_count} ${coupon.used_count === 1 ? 'time' : 'times'} so far. Empty: no limit.`
                  : 'Orders that may use it. Empty: no limit.'
              }
            />
            <FormField
              name="per_customer_limit"
              label="Uses per customer"
              inputMode="numeric"
              testId="per_customer_limit"
              description="Guests are asked to log in. Empty: no limit."
            />
          </div>
        </FormSection>
        <FormSection title="Schedule" description="Your time zone. Empty: from now, with no end.">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="starts_at" label="Starts" type="datetime-local" testId="starts_at" />
            <FormField name="ends_at" label="Ends" type="datetime-local" testId="ends_at" />
          </div>
        </FormSection>
        <FormSection title="Applies to">
          <ScopePicker />
        </FormSection>
        {formError && !(pointsAtFields && Object.keys(form.formState.errors).length === 0) && (
          <SaveFailure message={formError} stale={stale} onReload={() => void reload()} what="the coupon" />
        )}
        <SaveBar testId="save-bar">
          <SaveButton submitting={form.formState.isSubmitting}>{coupon ? 'Save' : 'Create coupon'}</SaveButton>
        </SaveBar>
      </form>
    </FormProvider>
  );
}

const currencySign = (currency: string) => (currency === 'INR' ? '₹' : currency);

/** The sentence of what the coupon does, following the form. */
function Summary({ currency }: { currency: string }) {
  const values = useWatch<CouponForm>() as CouponForm;
  const body = toCouponBody({ ...emptyCouponForm(), ...values });
  // Only a discount the shop would take is put in words (not "150% off").
  const ok =
    Number.isInteger(body.value) &&
    (body.value as number) > 0 &&
    (body.kind === 'fixed' || (body.value as number) <= 100);
  return (
    <div className="card bg-stone-50 p-4" aria-live="polite">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">What it does</p>
      <p className="mt-1 font-medium" data-testid="coupon-summary">
        {ok
          ? couponSummary({
              kind: body.kind,
              value: body.value as number,
              min_subtotal_minor: Number.isFinite(body.min_subtotal_minor) ? (body.min_subtotal_minor as number) : 0,
              max_discount_minor: Number.isFinite(body.max_discount_minor) ? (body.max_discount_minor ?? null) : null,
              starts_at: body.starts_at ?? null,
              ends_at: body.ends_at ?? null,
              usage_limit: Number.isInteger(body.usage_limit) ? (body.usage_limit ?? null) : null,
              per_customer_limit: Number.isInteger(body.per_customer_limit) ? (body.per_customer_limit ?? null) : null,
              first_order_only: !!body.first_order_only,
              secret: !!body.secret,
              currency,
              product_count: values.products?.length ?? 0,
              category_count: values.categories?.length ?? 0,
              scope_names: [
                ...(values.categories ?? []).map((c) => c.name),
                ...(values.products ?? []).map((p) => p.title),
              ],
            })
          : 'Type the discount to see what the coupon does.'}
      </p>
    </div>
  );
}
