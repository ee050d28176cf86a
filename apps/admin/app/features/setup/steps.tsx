import { useWatch } from 'react-hook-form';
import { LEGAL_PAGES, LEGAL_PAGE_KEYS, type SetupStatus, type SetupStep } from '@shopfront/shared';
import { TextField } from '../../components/ui/text-field';
import { ColourInput, LongTextInput, NumberInput, SegmentedInput, SelectInput, SwitchInput } from './fields';
import { StepForm } from './step-form';

export interface StepProps {
  status: SetupStatus;
  onSaved: () => void;
  onBack?: () => void;
  last?: boolean;
}

/** Store name, e-mail, logo and colours. The logo is a picture already on the shop (/media/…) or an https address. */
function StoreStep({ status, ...nav }: StepProps) {
  const v = status.steps.store.values;
  type Values = {
    store_name: string;
    store_email: string;
    logo: { url: string; alt: string };
    primary_colour: string;
    accent_colour: string;
  };
  return (
    <StepForm<Values>
      step="store"
      schema={(s) => s.SetupStoreBodySchema}
      defaults={{ ...v, logo: { url: v.logo?.url ?? '', alt: v.logo?.alt ?? '' } }}
      fields={['store_name', 'store_email', 'logo.url', 'logo.alt', 'primary_colour', 'accent_colour']}
      toBody={(x) => ({ ...x, logo: x.logo.url.trim() ? x.logo : null }) as never}
      {...nav}
    >
      {({ control }) => (
        <>
          <TextField control={control} name="store_name" label="Store name" autoFocus />
          <TextField
            control={control}
            name="store_email"
            label="Store e-mail"
            type="email"
            description="Shoppers write to it; order messages are sent from it."
          />
          <TextField
            control={control}
            name="logo.url"
            label="Logo address (optional)"
            description="A picture on the shop (/media/…) or an https:// address. Uploading comes with the catalogue screens."
          />
          <TextField control={control} name="logo.alt" label="Logo description (optional)" />
          <div className="grid gap-5 sm:grid-cols-2">
            <ColourInput control={control} name="primary_colour" label="Buttons and links" />
            <ColourInput control={control} name="accent_colour" label="Header and accents" />
          </div>
        </>
      )}
    </StepForm>
  );
}

/** Where the shop sells; the currency follows the country. */
function RegionStep({ status, ...nav }: StepProps) {
  const countries = status.countries;
  const currencyOf = (iso2: string) => countries.find((c) => c.iso2 === iso2)?.currency_code ?? '';
  type Values = { country: string; currency: string };
  return (
    <StepForm<Values>
      step="region"
      schema={(s) => s.SetupRegionBodySchema}
      defaults={status.steps.region.values}
      fields={['country', 'currency']}
      toBody={(x) => ({ country: x.country, currency: currencyOf(x.country) || x.currency })}
      {...nav}
    >
      {({ control }) => <RegionFields control={control} countries={countries} currencyOf={currencyOf} />}
    </StepForm>
  );
}

function RegionFields({
  control,
  countries,
  currencyOf,
}: {
  control: import('react-hook-form').Control<{ country: string; currency: string }>;
  countries: SetupStatus['countries'];
  currencyOf: (iso2: string) => string;
}) {
  const country = useWatch({ control, name: 'country' });
  return (
    <>
      <SelectInput
        control={control}
        name="country"
        label="Country"
        options={countries.map((c) => ({ value: c.iso2, label: c.name }))}
      />
      <p className="text-sm text-muted">
        Prices are in <strong className="text-ink">{currencyOf(country) || '—'}</strong>, the country’s currency.
      </p>
    </>
  );
}

/** India's GST slabs. */
const GST_RATES = [0, 5, 12, 18, 28] as const;

function TaxStep({ status, ...nav }: StepProps) {
  type Values = { tax_rate_percent: number; prices_include_tax: boolean };
  return (
    <StepForm<Values>
      step="tax"
      schema={(s) => s.SetupTaxBodySchema}
      defaults={status.steps.tax.values}
      fields={['tax_rate_percent', 'prices_include_tax']}
      {...nav}
    >
      {({ control }) => (
        <>
          <SegmentedInput
            control={control}
            name="tax_rate_percent"
            label="GST rate"
            suffix="%"
            options={GST_RATES}
            description="One rate for every product for now."
          />
          <SwitchInput
            control={control}
            name="prices_include_tax"
            label="My prices include GST"
            description="The cart and invoices then show the GST each price contains."
          />
        </>
      )}
    </StepForm>
  );
}

function CodStep({ status, ...nav }: StepProps) {
  type Values = { enabled: boolean; fee_minor: number };
  return (
    <StepForm<Values>
      step="cod"
      schema={(s) => s.SetupCodBodySchema}
      defaults={status.steps.cod.values}
      fields={['enabled', 'fee_minor']}
      {...nav}
    >
      {({ control }) => (
        <>
          <SwitchInput control={control} name="enabled" label="Offer Cash on Delivery" />
          <NumberInput
            control={control}
            name="fee_minor"
            label="Cash on Delivery fee"
            minor
            description="Added to orders paid on delivery; 0 for none."
          />
        </>
      )}
    </StepForm>
  );
}

function ShippingStep({ status, ...nav }: StepProps) {
  type Values = SetupStatus['steps']['shipping']['values'];
  return (
    <StepForm<Values>
      step="shipping"
      schema={(s) => s.SetupShippingBodySchema}
      defaults={status.steps.shipping.values}
      fields={['zone_name', 'method_name', 'rate_minor', 'free_above_minor', 'delivery_days_min', 'delivery_days_max']}
      {...nav}
    >
      {({ control }) => (
        <>
          <TextField
            control={control}
            name="zone_name"
            label="Where you deliver"
            description="For example: All of India."
          />
          <TextField control={control} name="method_name" label="Delivery name shoppers see" />
          <NumberInput control={control} name="rate_minor" label="Delivery charge" minor />
          <NumberInput
            control={control}
            name="free_above_minor"
            label="Free delivery from (optional)"
            minor
            description="Leave empty if delivery is never free."
          />
          <div className="grid grid-cols-2 gap-4">
            <NumberInput control={control} name="delivery_days_min" label="Arrives in at least" suffix="days" />
            <NumberInput control={control} name="delivery_days_max" label="…and at most" suffix="days" />
          </div>
        </>
      )}
    </StepForm>
  );
}

function PaymentsStep({ status, ...nav }: StepProps) {
  const v = status.steps.payments.values;
  type Values = { provider: 'cod_only' | 'razorpay'; key_id: string; key_secret: string; webhook_secret: string };
  return (
    <StepForm<Values>
      step="payments"
      schema={(s) => s.SetupPaymentsBodySchema}
      defaults={{ provider: v.provider, key_id: v.key_id ?? '', key_secret: '', webhook_secret: '' }}
      fields={['provider', 'key_id', 'key_secret', 'webhook_secret']}
      toBody={(x) =>
        (x.provider === 'cod_only'
          ? { provider: 'cod_only' }
          : {
              provider: 'razorpay',
              key_id: x.key_id,
              key_secret: x.key_secret,
              webhook_secret: x.webhook_secret || null,
            }) as never
      }
      {...nav}
    >
      {({ control }) => <PaymentFields control={control} hasSecret={v.has_key_secret} />}
    </StepForm>
  );
}

function PaymentFields({
  control,
  hasSecret,
}: {
  control: import('react-hook-form').Control<{
    provider: 'cod_only' | 'razorpay';
    key_id: string;
    key_secret: string;
    webhook_secret: string;
  }>;
  hasSecret: boolean;
}) {
  const provider = useWatch({ control, name: 'provider' });
  return (
    <>
      <SelectInput
        control={control}
        name="provider"
        label="Online payments"
        options={[
          { value: 'cod_only', label: 'None for now: Cash on Delivery only' },
          { value: 'razorpay', label: 'Razorpay (UPI, cards, net banking)' },
        ]}
      />
      {provider === 'razorpay' && (
        <>
          <p className="text-sm text-muted">
            From the Razorpay dashboard, Settings → API keys. The keys are checked for their form here; a wrong key
            shows at the first payment. {hasSecret && 'A secret is saved: enter it again to change the keys.'}
          </p>
          <TextField control={control} name="key_id" label="Key id" />
          <TextField control={control} name="key_secret" label="Key secret" type="password" autoComplete="off" />
          <TextField
            control={control}
            name="webhook_secret"
            label="Webhook secret (recommended)"
            type="password"
            autoComplete="off"
          />
        </>
      )}
    </>
  );
}

function LegalStep({ status, ...nav }: StepProps) {
  type Values = SetupStatus['steps']['legal']['values'];
  const fields = LEGAL_PAGE_KEYS.flatMap((k) => [`${k}.title`, `${k}.body`] as const);
  return (
    <StepForm<Values>
      step="legal"
      schema={(s) => s.SetupLegalBodySchema}
      defaults={status.steps.legal.values}
      fields={fields}
      {...nav}
    >
      {({ control }) => (
        <>
          <p className="text-sm text-muted">
            Filled in from templates with your shop’s name. Read them and change what differs for your shop: a blank
            line starts a new paragraph, a line starting “## ” is a heading.
          </p>
          {LEGAL_PAGE_KEYS.map((k) => (
            <fieldset key={k} className="space-y-3 rounded-2xl border border-line p-4">
              <legend className="px-1 text-sm font-semibold">{LEGAL_PAGES[k].title}</legend>
              <TextField control={control} name={`${k}.title`} label="Title" />
              <LongTextInput control={control} name={`${k}.body`} label="Text" />
            </fieldset>
          ))}
        </>
      )}
    </StepForm>
  );
}

export const STEP_FORMS: Record<SetupStep, (p: StepProps) => React.ReactNode> = {
  store: StoreStep,
  region: RegionStep,
  tax: TaxStep,
  cod: CodStep,
  shipping: ShippingStep,
  payments: PaymentsStep,
  legal: LegalStep,
};
