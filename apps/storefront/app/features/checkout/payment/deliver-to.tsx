import { Link } from 'react-router';
import type { Cart } from '@shopfront/shared';
import type { ShownAddress } from '../../addresses/address-mapping';
import { StepCard } from './step-card';

/** Where the order goes (done at the address step, with Change) and the contact it goes with. */
export function DeliverTo({ shipTo, contact }: { shipTo: ShownAddress; contact: Pick<Cart, 'phone' | 'email'> }) {
  return (
    <StepCard
      title="Delivering to"
      done
      testId="deliver-to"
      aside={
        <Link
          to="/checkout/address"
          className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2 hover:no-underline"
        >
          Change
        </Link>
      }
    >
      <div className="mt-2 text-sm [overflow-wrap:anywhere]">
        <p className="font-semibold">{shipTo.name}</p>
        <p className="text-ink/80">{shipTo.lines.join(', ')}</p>
        <p className="mt-1 text-muted">{[contact.phone || shipTo.phone, contact.email].filter(Boolean).join(' · ')}</p>
      </div>
    </StepCard>
  );
}
