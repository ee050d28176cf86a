import type { Section } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { usePlugin } from '../../plugins/installed';
import { NewsletterForm } from '../../plugins/newsletter-form';

type Settings = Extract<Section, { type: 'newsletter' }>['settings'];

const BACKGROUNDS: Record<Settings['background'], string> = {
  tinted: 'bg-surface',
  plain: 'bg-background',
  brand: 'bg-primary text-on-primary',
};

/**
 * A newsletter section (issue 28): the owner's heading, text and button label over the footer
 * band's own form (NewsletterForm: the same action, endpoint, double opt-in and answers; it works
 * without JavaScript through /newsletter). Nothing while the E-mail subscription plugin is not
 * installed: its subscribe endpoint would refuse every address, and a form that can only fail is
 * worse than none (the template editor and its preview say so instead).
 */
export function NewsletterSection({
  id,
  sectionKey,
  settings,
}: {
  id: string;
  sectionKey: string;
  settings: Settings;
}) {
  const plugin = usePlugin('emailSubscription');
  if (!plugin) return null;
  const headingId = `${id}-title`;
  const brand = settings.background === 'brand';
  return (
    <section
      aria-labelledby={headingId}
      data-newsletter-section={sectionKey}
      className={`py-12 md:py-16 ${BACKGROUNDS[settings.background]}`}
    >
      <Container className="grid gap-5 md:grid-cols-2 md:items-center md:gap-10">
        <div>
          <h2 id={headingId} className="text-2xl font-semibold md:text-3xl">
            {settings.title}
          </h2>
          {settings.text && (
            <p className={`mt-2 max-w-md leading-relaxed whitespace-pre-line ${brand ? 'opacity-90' : 'text-muted'}`}>
              {settings.text}
            </p>
          )}
        </div>
        <NewsletterForm
          source="section"
          formKey={`section-${sectionKey}`}
          tone={brand ? 'footer' : 'page'}
          buttonLabel={settings.button_label}
        />
      </Container>
    </section>
  );
}
