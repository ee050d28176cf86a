import { PageHeader } from '../components/ui/states';
import { RatesTable } from '../features/tax/rates-table';
import { SellerForm } from '../features/tax/seller-form';

export const meta = () => [{ title: 'Tax · Shop admin' }];

/** Tax (issue 26): the GST rate of each tax class, and who the shop's tax invoices name as the seller. */
export default function Tax() {
  return (
    <>
      <PageHeader
        title="Tax"
        description="Your GST registration, printed on every tax invoice. Invoices get numbers of their own (INV/2026-27/000001), a new series each April."
      />
      <section aria-labelledby="tax-rates" className="card mb-6 max-w-2xl p-5">
        <h2 id="tax-rates" className="mb-1 text-lg font-semibold">
          GST rates
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          Prices include GST. Each product is taxed at its tax class&rsquo;s rate; a class no product uses can be
          deleted.
        </p>
        <RatesTable />
      </section>
      <section aria-labelledby="tax-seller" className="card max-w-2xl p-5">
        <h2 id="tax-seller" className="mb-4 text-lg font-semibold">
          Invoice details
        </h2>
        <SellerForm />
      </section>
    </>
  );
}
