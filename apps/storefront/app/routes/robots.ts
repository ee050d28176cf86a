import type { Route } from './+types/robots';
import { api } from '../lib/api.server';
import { robotsTxt } from '../lib/robots';

/** /robots.txt, honouring storefront.enable_indexing (disallow everything while it is off). */
export async function loader({ context }: Route.LoaderArgs) {
  let indexing = false;
  let host = '';
  try {
    const initial = await api(context).initialValues();
    indexing = initial.storefront.enable_indexing && initial.license_status === 'active';
    host = initial.host;
  } catch (err) {
    // No shop to describe: keep crawlers out rather than guess.
    console.error('robots.txt: initial values failed', err);
  }
  return new Response(robotsTxt({ indexing, host }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
