import { Link } from 'react-router';
import { messages } from '@shopfront/shared';
import type { Route } from './+types/$';
import { Container } from '../components/container';
import { ChevronRightIcon } from '../components/ui/icons';
import { PageBlocks } from '../features/content/page-blocks';
import { ApiError, api } from '../lib/api.server';
import { errorResponse, notFound } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

/** Any path no other route claims is a CMS page slug, possibly spanning several segments. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const slug = (params['*'] ?? '').replace(/\/+$/, '');
  const path = new URL(request.url).pathname;
  if (!slug) throw notFound(messages.pageNotFound(path));
  try {
    const page = await api(context).page(slug);
    return { page };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound(messages.pageNotFound(path));
    console.error('page lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  return shopMeta(rootDataFrom(matches), {
    title: page?.meta_title || page?.title,
    description: page?.meta_description,
  });
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="cms-page">
      <header className="border-b border-ink/10 bg-surface">
        <Container className="py-10 md:py-16">
          <nav aria-label="Breadcrumb">
            <ol className="flex items-center gap-1.5 text-sm text-muted">
              <li>
                <Link to="/" className="hover:text-ink hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRightIcon className="size-3.5" />
              </li>
              <li aria-current="page" className="truncate text-ink">
                {page.title}
              </li>
            </ol>
          </nav>
          <h1 className="mt-4 text-4xl font-semibold md:text-5xl">{page.title}</h1>
        </Container>
      </header>
      <Container className="py-10 pb-16 md:py-14 md:pb-24">
        <div className="max-w-3xl">
          <PageBlocks blocks={page.blocks} />
        </div>
      </Container>
    </article>
  );
}
