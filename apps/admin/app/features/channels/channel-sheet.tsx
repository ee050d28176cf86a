import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminChannelsApi, type AdminChannel, type AdminChannelList, type ChannelBody } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { success } from '../../lib/toast';
import { Sheet, SheetButtons } from '../orders/sheet';
import { channelsChanged } from './queries';

type Values = Required<ChannelBody>;
const FIELDS = ['name', 'currency_code', 'country'] as const;

/**
 * Add or edit a channel (issue 28): a sheet from the bottom on a phone, a box on a desk, loaded
 * when first opened. The shared schema checks as the owner types; the server's 422 lands under
 * its field, a 409 (currency locked) above the buttons.
 */
export default function ChannelSheet({
  channel,
  list,
  onClose,
}: {
  /** null: a new channel. */
  channel: AdminChannel | null;
  list: AdminChannelList;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const first = list.countries[0];
  const form = useForm<Values>({
    resolver: sharedSchema((s) => s.ChannelBodySchema),
    defaultValues: channel
      ? { name: channel.name, currency_code: channel.currency_code, country: channel.country.iso2 }
      : { name: '', currency_code: first?.currency_code ?? '', country: first?.iso2 ?? '' },
  });
  const locked = channel !== null && !channel.can_change_currency;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const res = channel
        ? await call(adminChannelsApi.save, { params: { id: channel.id }, body })
        : await call(adminChannelsApi.add, { body });
      await channelsChanged(qc);
      void success(res.message ?? 'Saved', res.data.name);
      onClose();
    } catch (err) {
      setFormError(applyApiError(err, FIELDS, form.setError));
    }
  });
  // A new channel's currency follows the country picked, until the owner types one of their own.
  const country = useWatch({ control: form.control, name: 'country' });
  const { getFieldState, setValue } = form;
  useEffect(() => {
    if (channel || getFieldState('currency_code').isDirty) return;
    const currency = list.countries.find((c) => c.iso2 === country)?.currency_code;
    if (currency) setValue('currency_code', currency);
  }, [channel, country, list.countries, getFieldState, setValue]);
  return (
    <Sheet title={channel ? `Edit ${channel.name}` : 'Add a channel'} isOpen onClose={onClose} testId="channel-sheet">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <FormField
            name="name"
            label="Name"
            placeholder="UAE"
            description="What shoppers see in the store picker."
            testId="channel-name"
          />
          <FormField
            name="country"
            label="Country"
            as="select"
            description={
              locked
                ? 'Fixed: products are priced or orders were placed in this channel.'
                : 'Where it delivers and which phone numbers and addresses it takes.'
            }
            testId="channel-country"
          >
            {list.countries.map((c) => (
              <option key={c.iso2} value={c.iso2} disabled={locked && c.iso2 !== channel?.country.iso2}>
                {c.name}
              </option>
            ))}
          </FormField>
          <FormField
            name="currency_code"
            label="Currency code"
            placeholder="AED"
            description={
              locked
                ? 'Fixed: products are priced or orders were placed in this channel.'
                : 'Three capital letters (ISO 4217): INR, AED, USD.'
            }
            testId="channel-currency"
          />
          {formError && <FormMessage>{formError}</FormMessage>}
          <SheetButtons>
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" isDisabled={form.formState.isSubmitting} data-testid="save-channel">
              {form.formState.isSubmitting ? 'Saving…' : channel ? 'Save channel' : 'Add channel'}
            </Button>
          </SheetButtons>
        </form>
      </FormProvider>
    </Sheet>
  );
}

/**
 * Asks first, saying what goes with it and where its shoppers' carts go (the default channel:
 * `defaultName`); the server's refusal (the storefront's channel, the default, orders) is shown here.
 */
export function DeleteChannel({
  channel,
  defaultName,
  onClose,
}: {
  channel: AdminChannel;
  defaultName: string | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => call(adminChannelsApi.remove, { params: { id: channel.id } }),
    onSuccess: async (res) => {
      await channelsChanged(qc);
      void success(res.message ?? 'Channel deleted', channel.name);
      onClose();
    },
  });
  return (
    <Sheet title={`Delete ${channel.name}?`} isOpen onClose={onClose} testId="delete-channel-dialog">
      <p className="text-sm">
        {channel.products === 0
          ? 'No products are priced in it.'
          : `Its prices for ${channel.products} ${channel.products === 1 ? 'product go' : 'products go'} with it.`}{' '}
        Shoppers can no longer pick it.
      </p>
      {channel.carts > 0 && defaultName && (
        <p className="mt-2 text-sm" data-testid="delete-channel-carts">
          {channel.carts === 1 ? 'The cart in it moves' : `The ${channel.carts} carts in it move`} to {defaultName},
          priced there; items not sold in {defaultName} are taken out of {channel.carts === 1 ? 'it' : 'them'}.
        </p>
      )}
      {del.isError && (
        <div className="mt-3">
          <FormMessage>{errorText(del.error)}</FormMessage>
        </div>
      )}
      <SheetButtons>
        <Button onPress={onClose}>Keep it</Button>
        <Button
          variant="danger"
          isDisabled={del.isPending || del.isError}
          onPress={() => del.mutate()}
          data-testid="confirm-delete-channel"
        >
          Delete channel
        </Button>
      </SheetButtons>
    </Sheet>
  );
}
