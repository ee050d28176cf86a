import { PageHeader } from '../components/ui/states';
import { SellerForm } from '../features/tax/seller-form';

export const meta = () => [{ title: 'Tax · Shop admin' }];

/** Tax (issue 26): who the shop's tax invoices name as the seller. The GST rate itself is set in Setup. */
export default function Tax() {
  return (
    <>
      <PageHeader
        title="Tax"
        description="Your GST registration, printed on every tax invoice. Invoices get numbers of their own (INV/2026-27/000001), a new series each April."
      />
      <section aria-labelledby="tax-seller" className="card max-w-2xl p-5">
        <h2 id="tax-seller" className="mb-4 text-lg font-semibold">
          Invoice details
        </h2>
        <SellerForm />
      </section>
    </>
  );
}
