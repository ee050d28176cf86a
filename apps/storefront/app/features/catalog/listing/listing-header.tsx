import type { ImageRef } from '@shopfront/shared';
import { Breadcrumb, type Crumb } from '../../../components/breadcrumb';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';

interface ListingHeaderProps {
  title: string;
  description?: string;
  eyebrow?: string;
  crumbs: Crumb[];
  /** The collection's cover or the category's own image: shown beside the title when there is one. */
  image?: ImageRef | null;
}

/**
 * The top of a listing: breadcrumb, title and description, and the listing's cover when it has
 * one. The cover sits beside the text (below it on phones), never under it, so the text keeps
 * the surface colour's contrast whatever the picture. It is the page's largest paint: loaded
 * first, in a box of fixed proportions (nothing moves when it arrives), and short enough on a
 * phone that the products still start on the first screen.
 */
export function ListingHeader({ title, description, eyebrow, crumbs, image }: ListingHeaderProps) {
  const text = (
    <>
      {eyebrow && <p className="mt-5 text-xs font-semibold tracking-[0.16em] text-primary uppercase">{eyebrow}</p>}
      <h1 className={`${eyebrow ? 'mt-1.5' : 'mt-4'} text-3xl font-semibold md:text-5xl`}>{title}</h1>
      {description && <p className="mt-3 max-w-2xl text-base text-muted md:text-lg">{description}</p>}
    </>
  );
  if (!image) {
    return (
      <header className="border-b border-ink/10 bg-surface">
        <Container className="py-8 md:py-12">
          <Breadcrumb items={crumbs} />
          {text}
        </Container>
      </header>
    );
  }
  return (
    <header className="border-b border-ink/10 bg-surface" data-testid="listing-hero">
      <Container className="py-6 md:py-8">
        <Breadcrumb items={crumbs} />
        <div className="grid items-center gap-x-10 gap-y-5 md:grid-cols-[minmax(0,1fr)_26rem] lg:grid-cols-[minmax(0,1fr)_30rem] lg:gap-x-14">
          <div className="min-w-0 md:pb-4">{text}</div>
          {/* 16:9 whatever the picture's own shape: a portrait cover shows its middle band, where
              the products stand. The title beside it names it, so it is not announced again. */}
          <div className="relative aspect-video overflow-hidden rounded-3xl bg-background ring-1 ring-ink/5 md:mt-4">
            <ResponsiveImage
              src={image.url}
              alt=""
              width={1600}
              height={900}
              sizes={{ base: 'calc(100vw - 2rem)', sm: 'calc(100vw - 3rem)', md: '26rem', lg: '30rem' }}
              priority
              fallbackWidth={768}
              className="absolute inset-0 size-full object-cover object-[50%_57%]"
            />
          </div>
        </div>
      </Container>
    </header>
  );
}
