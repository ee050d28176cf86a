import { Link } from 'react-router';
import { useSetupStatus } from './query';

/** On the start page of a shop not open yet: how far the setup is, and the way to the next step. */
export function SetupBanner() {
  const { data } = useSetupStatus();
  if (!data || data.state === 'live') return null;
  // Counted from the answer: the step list's constant lives beside the setup schemas (zod).
  const steps = Object.keys(data.steps).length;
  const done = steps - data.missing.length;
  const next = data.missing[0];
  return (
    <Link
      to={next ? `/setup?step=${next}` : '/setup'}
      className="card mt-5 flex flex-col gap-1 border-emerald-300 bg-emerald-50 p-4 hover:border-emerald-500"
      data-testid="setup-banner"
    >
      <span className="font-semibold text-emerald-950">
        {next ? 'Finish setting up your shop' : 'Your shop is ready to open'}
      </span>
      <span className="text-sm text-emerald-900">
        {next
          ? `${done} of ${steps} steps done. Shoppers see “opening soon” until you open it.`
          : 'Every step is done: open it when you are ready.'}
      </span>
    </Link>
  );
}
