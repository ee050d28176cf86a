import type { ImageRef } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SmartLink } from '../../../components/smart-link';

/** A large image beside a short story, alternating sides on desktop; stacked on phones. */
export function ImageWithText({
  id,
  title,
  text,
  image,
  imagePosition,
  linkUrl,
  linkText,
}: {
  id: string;
  title: string;
  text: string;
  image: ImageRef;
  imagePosition: 'left' | 'right';
  linkUrl: string | null;
  linkText: string | null;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={title ? headingId : undefined} className="py-12 md:py-16">
      <Container>
        <div className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
          <div className={`overflow-hidden rounded-3xl bg-surface ${imagePosition === 'right' ? 'md:order-2' : ''}`}>
            <ResponsiveImage
              src={image.url}
              alt={image.alt}
              width={1200}
              height={900}
              sizes={{ base: '100vw', md: '50vw', xl: '640px' }}
              className="aspect-[4/3] size-full object-cover"
            />
          </div>
          <div className="max-w-xl">
            {title && (
              <h2 id={headingId} className="text-3xl leading-tight font-semibold md:text-4xl">
                {title}
              </h2>
            )}
            {text.split(/\n{2,}/).map((para, i) => (
              <p key={i} className="mt-4 text-[17px] leading-relaxed text-ink/80">
                {para}
              </p>
            ))}
            {linkUrl && (
              <SmartLink to={linkUrl} className="btn btn-primary mt-8">
                {linkText || 'Learn more'}
              </SmartLink>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
