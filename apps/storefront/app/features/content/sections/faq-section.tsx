import type { Faq } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { SectionHeading } from './section-heading';

/** Questions as native disclosure widgets: keyboard and screen reader support come free, no JS needed. */
export function FaqSection({ id, title, faq }: { id: string; title: string; faq: Faq }) {
  if (!faq.items.length) return null;
  const headingId = `${id}-title`;
  const heading = title || faq.title;
  return (
    <section
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : 'FAQ'}
      className="py-12 md:py-16"
    >
      <Container>
        <div className="mx-auto max-w-3xl">
          <SectionHeading id={headingId} title={heading} eyebrow="Good to know" center />
          {faq.description && <p className="-mt-3 mb-8 text-center text-muted">{faq.description}</p>}
          <div className="divide-y divide-ink/10 border-y border-ink/10">
            {faq.items.map((item) => (
              <details key={item.id} className="group py-1">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-[17px] font-medium text-ink marker:hidden [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDownIcon className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
                </summary>
                <p className="pr-9 pb-5 leading-relaxed text-ink/80">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </Container>
    </section>
  );
}
