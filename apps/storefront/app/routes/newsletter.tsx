import type { Route } from './+types/newsletter';
import { Container } from '../components/container';
import { NewsletterForm } from '../features/plugins/newsletter-form';
import { subscribeAction } from '../features/plugins/newsletter.server';
import { api } from '../lib/api.server';
import { notFound } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { messages } from '@shopfront/shared';

/**
 * /newsletter (emailSubscription plugin): the signup on a page of its own, and the action every
 * signup form posts to (the footer's too: without JavaScript the shopper lands here with the
 * answer). 404 when the plugin is not installed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { plugins } = await api(context).initialValues();
  const plugin = plugins.find((p) => p.module_name === 'emailSubscription');
  if (!plugin) throw notFound(messages.pageNotFound(new URL(request.url).pathname));
  const text = (key: string, fallback: string) => {
    const v = plugin.config[key];
    return typeof v === 'string' && v ? v : fallback;
  };
  return { title: text('title', 'Join our newsletter'), description: text('description', '') };
}

export async function action({ context, request }: Route.ActionArgs) {
  return subscribeAction(context, request);
}

export const handle = { page: { slug: 'newsletter' } };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return shopMeta(rootDataFrom(matches), { title: loaderData?.title ?? 'Newsletter' });
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="bg-surface/60 py-12 md:py-20">
      <Container>
        <div className="mx-auto max-w-xl rounded-3xl bg-background p-6 sm:p-10">
          <h1 className="text-3xl font-semibold">{loaderData.title}</h1>
          {loaderData.description && <p className="mt-3 text-muted">{loaderData.description}</p>}
          <div className="mt-6">
            <NewsletterForm source="page" tone="page" result={actionData} />
          </div>
        </div>
      </Container>
    </div>
  );
}
