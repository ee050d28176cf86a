import type { ServiceDetails } from '@shopfront/shared';
import { CheckIcon } from '../../components/ui/icons';

/**
 * The service page's longer part (loaded lazily: only services mode needs it, ADR 0030): what the
 * service includes, the documents to have ready and the stages it goes through.
 */
export default function ServiceAbout({ service }: { service: ServiceDetails }) {
  return (
    <div className="mt-8 space-y-7 lg:order-1" data-testid="service-about">
      {service.includes.length > 0 && (
        <section aria-labelledby="service-includes">
          <h2 id="service-includes" className="text-lg font-semibold">
            What is included
          </h2>
          <ul className="mt-3 space-y-2">
            {service.includes.map((line) => (
              <li key={line} className="flex gap-2.5 text-[15px] leading-snug text-ink/85">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                {line}
              </li>
            ))}
          </ul>
        </section>
      )}
      {service.documents_needed.length > 0 && (
        <section aria-labelledby="service-documents">
          <h2 id="service-documents" className="text-lg font-semibold">
            Documents to keep ready
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-[15px] leading-snug text-ink/85 marker:text-muted">
            {service.documents_needed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="service-stages">
        <h2 id="service-stages" className="text-lg font-semibold">
          How it goes
        </h2>
        <ol className="mt-4 space-y-0" data-testid="service-stages">
          {[{ key: 'submitted', label: 'Application submitted', expected_days: 0 }, ...service.stages].map(
            (stage, i, all) => (
              <li key={stage.key} className="relative flex gap-3 pb-5 last:pb-0">
                {i < all.length - 1 && (
                  <span aria-hidden="true" className="absolute top-8 bottom-0 left-[15px] w-px bg-ink/15" />
                )}
                <span className="relative inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                  {i + 1}
                </span>
                <span className="pt-1">
                  <span className="block font-medium">{stage.label}</span>
                  {stage.expected_days > 0 && (
                    <span className="block text-sm text-muted">
                      About {stage.expected_days} working {stage.expected_days === 1 ? 'day' : 'days'} after the step
                      before
                    </span>
                  )}
                </span>
              </li>
            ),
          )}
        </ol>
      </section>
    </div>
  );
}
