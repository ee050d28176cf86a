import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, ServiceDetailsBodySchema, adminCatalogApi, type ServiceDetails } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormField, FormSection } from '../../components/ui/form-field';
import { FormMessage } from '../../components/ui/form-message';
import { SaveBar, SaveButton } from '../../components/ui/save-bar';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { FieldCard } from './field-card';
import { StageList } from './stage-list';
import { serviceKey } from './queries';
import {
  FEE_KIND_LABELS,
  emptyField,
  formPath,
  fromDetails,
  numberIssues,
  toBody,
  type ServiceForm,
} from './service-model';

const CHECK = 'Some fields need a look; each says what is wrong.';

/**
 * A product's service details (issue 27): the fee, what it includes, the documents to have ready,
 * the application form's fields and the stages an application moves through. Checked with the
 * shared schema here and by the server, whose 422 messages land beside their fields.
 */
export default function ServiceEditor({ productId, details }: { productId: string; details: ServiceDetails | null }) {
  const client = useQueryClient();
  const form = useForm<ServiceForm>({ defaultValues: fromDetails(details) });
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldArray({ control: form.control, name: 'form_fields' });
  useLeaveGuard(form.formState.isDirty, 'Leave without saving the service? Your changes will be lost.');

  /** Puts each issue at its field; answers how many found a place. */
  const place = (issues: { path: string; message: string }[]) => {
    let placed = 0;
    for (const { path, message } of issues) {
      const at = formPath(path);
      if (!at) continue;
      form.setError(at as never, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed++;
    }
    return placed;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const typed = numberIssues(values);
    if (typed.length) {
      place(typed);
      setFormError(CHECK);
      return;
    }
    const body = toBody(values);
    const checked = ServiceDetailsBodySchema.safeParse(body);
    if (!checked.success) {
      const placed = place(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      setFormError(placed ? CHECK : (checked.error.issues[0]?.message ?? 'Check the form'));
      return;
    }
    try {
      const res = await call(adminCatalogApi.saveServiceDetails, { params: { id: productId }, body });
      client.setQueryData(serviceKey(productId), res.data);
      form.reset(fromDetails(res.data));
      void success(res.message ?? 'Service details saved');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const issues = Object.entries(err.errors).flatMap(([path, list]) =>
          list[0] ? [{ path, message: list[0] }] : [],
        );
        setFormError(place(issues) ? CHECK : err.message);
        return;
      }
      setFormError(errorText(err));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mx-auto max-w-3xl space-y-4" data-testid="service-form">
        <FormSection title="Fee" description="The price itself is the product’s price, set on the product.">
          <FeeKind />
          <FormField
            name="turnaround_days"
            label="Typical turnaround (working days)"
            inputMode="numeric"
            description="Leave empty not to state one."
            testId="turnaround"
            className="sm:max-w-xs"
          />
        </FormSection>
        <FormSection title="What the customer reads" description="One line each; shown on the service’s page.">
          <FormField name="includes" label="The fee includes" as="textarea" rows={4} testId="includes" />
          <FormField
            name="documents_needed"
            label="Documents to have ready"
            as="textarea"
            rows={4}
            testId="documents-needed"
          />
        </FormSection>
        <FormSection
          title="Application form"
          description="What the customer fills in when applying. Their name, phone and e-mail are always asked."
        >
          {fields.fields.length === 0 && (
            <p className="text-sm text-muted" data-testid="no-fields">
              No questions yet: customers send only their contact details.
            </p>
          )}
          <ol className="space-y-3" data-testid="field-list">
            {fields.fields.map((f, i) => (
              <FieldCard
                key={f.id}
                index={i}
                count={fields.fields.length}
                onMove={(to) => fields.move(i, to)}
                onRemove={() => fields.remove(i)}
              />
            ))}
          </ol>
          <Button
            onPress={() =>
              fields.append(emptyField(), { shouldFocus: true, focusName: `form_fields.${fields.fields.length}.label` })
            }
            data-testid="add-field"
          >
            Add a question
          </Button>
        </FormSection>
        <StageList />
        {formError && <FormMessage testId="form-error">{formError}</FormMessage>}
        <SaveBar testId="save-bar">
          <SaveButton submitting={form.formState.isSubmitting}>{details ? 'Save' : 'Make it a service'}</SaveButton>
        </SaveBar>
        {details && <StopBeingService productId={productId} />}
      </form>
    </FormProvider>
  );
}

function FeeKind() {
  const { register } = useFormContext<ServiceForm>();
  const kind = useWatch<ServiceForm, 'fee_kind'>({ name: 'fee_kind' });
  return (
    <fieldset className="space-y-2" data-testid="fee-kind">
      <legend className="text-sm font-medium">How the fee reads</legend>
      {(Object.keys(FEE_KIND_LABELS) as (keyof typeof FEE_KIND_LABELS)[]).map((k) => (
        <label key={k} className="flex min-h-11 items-center gap-3 rounded-lg border border-line px-3 text-sm">
          <input type="radio" value={k} {...register('fee_kind')} className="size-4" />
          {FEE_KIND_LABELS[k]}
        </label>
      ))}
      {kind === 'quote' && (
        <p className="text-sm text-muted">
          Applications wait in “Quote requested” until you send the fee from the application’s page.
        </p>
      )}
    </fieldset>
  );
}

/** Sold as a product again: asked once more first; the applications made stay. */
function StopBeingService({ productId }: { productId: string }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const res = await call(adminCatalogApi.removeServiceDetails, { params: { id: productId } });
      client.setQueryData(serviceKey(productId), null);
      void success(res.message ?? 'This product is no longer a service');
    } catch (err) {
      void failure(errorText(err));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <div className="card space-y-3 p-4 text-sm">
      <p className="text-muted">Sell it as a product again? Its applications so far stay as they are.</p>
      {asking ? (
        <div role="alertdialog" aria-label="Stop selling it as a service?" className="flex flex-wrap gap-2">
          <Button variant="danger" onPress={() => void remove()} isDisabled={busy} data-testid="confirm-remove-service">
            Stop selling it as a service
          </Button>
          <Button onPress={() => setAsking(false)}>Keep it</Button>
        </div>
      ) : (
        <Button variant="quiet" onPress={() => setAsking(true)} data-testid="remove-service">
          No longer a service…
        </Button>
      )}
    </div>
  );
}
