import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GST_STATES, adminTaxApi, type TaxSeller } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { Failed, Loading } from '../../components/ui/states';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { success } from '../../lib/toast';
import { LongTextInput, SelectInput } from '../setup/fields';

export const TAX_SELLER_QUERY = ['tax', 'seller'] as const;

type Values = Pick<TaxSeller, 'legal_name' | 'gstin' | 'address' | 'state_code'>;
const FIELDS = ['legal_name', 'gstin', 'address', 'state_code'] as const;
const STATE_OPTIONS = [
  { value: '', label: 'Pick a state' },
  ...[...GST_STATES].sort((a, b) => a.name.localeCompare(b.name)).map((s) => ({ value: s.code, label: s.name })),
];

/** The seller printed on every tax invoice: legal name, GSTIN, registered address and its state. */
export function SellerForm() {
  const seller = useQuery({
    queryKey: TAX_SELLER_QUERY,
    queryFn: async () => (await call(adminTaxApi.seller)).data,
  });
  if (seller.isPending) return <Loading />;
  if (seller.isError) return <Failed error={seller.error} retry={() => void seller.refetch()} />;
  return <Form saved={seller.data} />;
}

function Form({ saved }: { saved: TaxSeller }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: sharedSchema<Values>((s) => s.TaxSellerBodySchema),
    defaultValues: {
      legal_name: saved.legal_name,
      gstin: saved.gstin,
      address: saved.address,
      state_code: saved.state_code,
    },
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data, message } = await call(adminTaxApi.saveSeller, { body: values });
      queryClient.setQueryData(TAX_SELLER_QUERY, data);
      form.reset({
        legal_name: data.legal_name,
        gstin: data.gstin,
        address: data.address,
        state_code: data.state_code,
      });
      void success(message ?? 'Saved');
    } catch (err) {
      setFormError(applyApiError(err, FIELDS, form.setError));
    }
  });
  const { control } = form;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="tax-seller">
      {formError && <FormMessage>{formError}</FormMessage>}
      <TextField
        control={control}
        name="legal_name"
        label="Legal name"
        description="As on your GST registration, e.g. Loom and Leaf Textiles Pvt Ltd."
      />
      <TextField
        control={control}
        name="gstin"
        label="GSTIN"
        autoComplete="off"
        description="15 characters, starting with your state's code (29 for Karnataka)."
      />
      <LongTextInput control={control} name="address" label="Registered address" rows={3} />
      <SelectInput
        control={control}
        name="state_code"
        label="State of the registered address"
        description="Orders shipped within this state get CGST + SGST; to other states, IGST."
        options={STATE_OPTIONS}
      />
      <div className="sticky bottom-0 -mx-5 border-t border-line bg-white px-5 py-4 sm:static sm:mx-0 sm:flex sm:justify-end sm:border-0 sm:px-0 sm:pb-0">
        <Button type="submit" variant="primary" isDisabled={form.formState.isSubmitting} className="w-full sm:w-auto">
          {form.formState.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
