import type { Route } from './+types/robots';
import { api } from '../lib/api.server';
import { robotsTxt } from '../lib/robots';
import { isClosedToPublic } from '../features/store-state/paths';
import { logFailure } from '../lib/errors';

/** /robots.txt, honouring storefront.enable_indexing and the store state (disallow everything while off or closed). */
export async function loader({ context }: Route.LoaderArgs) {
  let indexing = false;
  let host = '';
  try {
    const initial = await api(context).initialValues();
    // A closed shop (a mode, or password protection) is not crawled at all: `Disallow: /`.
    indexing =
      initial.storefront.enable_indexing &&
      initial.license_status === 'active' &&
      !isClosedToPublic(initial.storefront);
    host = initial.host;
  } catch (err) {
    // No shop to describe: keep crawlers out rather than guess.
    logFailure('robots.txt: initial values failed', err);
  }
  return new Response(robotsTxt({ indexing, host }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
