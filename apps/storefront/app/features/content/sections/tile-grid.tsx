import { Link } from 'react-router';
import type { ContentTile } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SectionHeading } from './section-heading';

/** Category or collection tiles: image, name and how many products wait behind it. */
export function TileGrid({
  id,
  title,
  eyebrow,
  tiles,
  variant,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  tiles: ContentTile[];
  /** Categories are many and small; collections are few and large. */
  variant: 'category' | 'collection';
}) {
  if (!tiles.length) return null;
  const headingId = `${id}-title`;
  // Whole rows on desktop: six categories sit in one row of six, four collections in one of four.
  const n = tiles.length;
  const compact = variant === 'category' && (n === 5 || n === 6);
  const categoryCols = compact ? 'lg:grid-cols-6' : n % 3 === 0 && n < 12 ? 'lg:grid-cols-3' : 'lg:grid-cols-4';
  const collectionCols = n === 4 ? 'lg:grid-cols-4' : n === 2 ? '' : 'lg:grid-cols-3';
  const cols =
    variant === 'category'
      ? `grid-cols-2 sm:grid-cols-3 ${categoryCols}`
      : `${n % 2 === 0 ? 'grid-cols-2' : 'grid-cols-1 sm:grid-cols-2'} ${collectionCols}`;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : variant}
      className="py-12 md:py-16"
    >
      <Container>
        <SectionHeading id={headingId} title={title} eyebrow={eyebrow} />
        <ul className={`grid gap-4 md:gap-6 ${cols}`}>
          {tiles.map((tile) => (
            <li key={tile.id}>
              <Link
                to={tile.url}
                prefetch="intent"
                className="group relative block overflow-hidden rounded-2xl bg-surface focus-visible:outline-offset-4"
              >
                <div className={variant === 'category' ? 'aspect-[4/5]' : n === 4 ? 'aspect-[3/4]' : 'aspect-[4/3]'}>
                  {tile.image && (
                    <ResponsiveImage
                      src={tile.image.url}
                      alt=""
                      width={800}
                      height={variant === 'category' ? 1000 : n === 4 ? 1067 : 600}
                      sizes={
                        variant === 'category'
                          ? { base: '50vw', sm: '33vw', lg: compact ? '16vw' : '25vw', xl: compact ? '200px' : '300px' }
                          : {
                              base: n % 2 === 0 ? '50vw' : '100vw',
                              sm: '50vw',
                              lg: n === 4 ? '25vw' : '33vw',
                              xl: n === 4 ? '300px' : '400px',
                            }
                      }
                      className="size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04]"
                    />
                  )}
                </div>
                <div className="absolute inset-0 bg-gradient-to-t from-black/60 via-black/10 to-transparent" />
                <div className={`absolute inset-x-0 bottom-0 text-white ${compact ? 'p-4' : 'p-4 md:p-5'}`}>
                  <p
                    className={`font-heading leading-tight font-semibold ${compact ? 'text-lg' : 'text-lg md:text-xl'}`}
                  >
                    {tile.name}
                  </p>
                  <p className="mt-0.5 text-sm text-white/80">
                    {tile.product_count} {tile.product_count === 1 ? 'product' : 'products'}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
