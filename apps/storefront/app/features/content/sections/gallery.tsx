import type { ImageRef } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SectionHeading } from './section-heading';

const COLS: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-3 lg:grid-cols-4',
  5: 'sm:grid-cols-3 lg:grid-cols-5',
  6: 'sm:grid-cols-3 lg:grid-cols-6',
};

/** A grid of captioned images: two across on phones, the configured number on desktops. */
export function Gallery({
  id,
  title,
  images,
  columns,
}: {
  id: string;
  title: string;
  images: (ImageRef & { caption: string | null })[];
  columns: number;
}) {
  const headingId = `${id}-title`;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Gallery'}
      className="py-12 md:py-16"
    >
      <Container>
        <SectionHeading id={headingId} title={title} />
        <ul className={`grid grid-cols-2 gap-3 md:gap-5 ${COLS[columns] ?? COLS[3]}`}>
          {images.map((img, i) => (
            <li key={i}>
              <figure>
                <ResponsiveImage
                  src={img.url}
                  alt={img.alt}
                  width={800}
                  height={800}
                  sizes={{ base: '50vw', lg: `${Math.round(100 / columns)}vw` }}
                  className="aspect-square w-full rounded-2xl bg-surface object-cover"
                />
                {img.caption && <figcaption className="mt-2 text-sm text-muted">{img.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
