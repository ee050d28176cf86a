import { Link } from 'react-router';
import type { Tracking } from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import { CheckIcon } from '../../components/ui/icons';

type Step = Tracking['steps'][number];
type Shipment = Tracking['shipments'][number];

/**
 * The tracking steps (ordered, packed, shipped, out for delivery, delivered), each completed,
 * active or still to come: one ordered list, a column on phones and a row from md up.
 */
export function TrackingSteps({ steps, stopped }: { steps: Step[]; stopped: boolean }) {
  return (
    <ol className="grid gap-0 md:grid-cols-5" data-testid="tracking-steps">
      {steps.map((step, i) => {
        const state = step.completed ? 'completed' : step.active ? 'active' : 'pending';
        const last = i === steps.length - 1;
        return (
          <li
            key={step.key}
            className="relative flex gap-4 pb-6 last:pb-0 md:flex-col md:items-center md:gap-3 md:pb-0 md:text-center"
            data-step={step.key}
            data-state={state}
            aria-current={step.active ? 'step' : undefined}
          >
            {!last && (
              // The line to the next step: down on phones, across from md up.
              <span
                aria-hidden="true"
                className={`absolute top-8 bottom-0 left-[15px] w-0.5 md:top-[15px] md:right-[-50%] md:bottom-auto md:left-[50%] md:h-0.5 md:w-auto ${
                  step.completed && !stopped ? 'bg-emerald-600' : 'bg-ink/15'
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                step.completed
                  ? 'bg-emerald-600 text-white'
                  : step.active
                    ? 'border-2 border-primary bg-background text-primary ring-4 ring-primary/15'
                    : 'border-2 border-ink/15 bg-background text-muted'
              }`}
            >
              {step.completed ? <CheckIcon className="size-4" /> : i + 1}
            </span>
            <span className="min-w-0 pt-1 md:pt-0">
              <span className={`block text-sm font-semibold ${state === 'pending' ? 'text-muted' : 'text-ink'}`}>
                {step.label}
                <span className="sr-only">
                  {state === 'completed' ? ' (done)' : state === 'active' ? ' (current)' : ' (to come)'}
                </span>
              </span>
              {step.at && (
                <span className="block text-xs text-muted">
                  <LocalTime iso={step.at} />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The scan events of one parcel, newest first: time, place, status (the scan popup's list). */
export function ScanList({ shipment }: { shipment: Shipment }) {
  if (shipment.scans.length === 0) {
    return <p className="mt-4 text-sm text-muted">No scans yet: the courier has not picked the parcel up.</p>;
  }
  const scans = [...shipment.scans].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ol className="mt-4 space-y-0" data-testid="scan-list">
      {scans.map((scan, i) => (
        <li key={`${scan.at}-${i}`} className="relative flex gap-3 pb-5 last:pb-0">
          {i < scans.length - 1 && (
            <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-ink/10" />
          )}
          <span
            aria-hidden="true"
            className={`relative mt-1.5 size-3 shrink-0 rounded-full ${i === 0 ? 'bg-primary' : 'bg-ink/25'}`}
          />
          <div className="min-w-0 text-sm" data-testid="scan">
            <p className="font-semibold">{scan.status}</p>
            {scan.description && scan.description !== scan.status && <p className="text-ink/80">{scan.description}</p>}
            <p className="text-muted">
              <LocalTime iso={scan.at} />
              {scan.location && <> · {scan.location}</>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** One parcel: carrier, waybill, its latest scan, and the link that opens its scans. */
export function ShipmentCard({ shipment, scansHref }: { shipment: Shipment; scansHref: string }) {
  const latest = [...shipment.scans].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-ink/10 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="shipment"
    >
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{shipment.carrier}</p>
        <p className="text-muted">
          Waybill <span className="font-mono text-ink">{shipment.waybill}</span>
        </p>
        {latest && (
          <p className="mt-1 text-ink/80">
            {latest.status}
            {latest.location && ` · ${latest.location}`} · <LocalTime iso={latest.at} />
          </p>
        )}
      </div>
      <Link to={scansHref} preventScrollReset className="btn btn-outline h-11 shrink-0 px-5">
        View scans
      </Link>
    </div>
  );
}
