import {
  adminApi,
  adminNewsletterApi,
  endpointPath,
  type ModeSubscriber,
  type NewsletterSubscriber,
  type SubscriptionSource,
} from '@shopfront/shared';
import type { SignupSource } from './signup-list';
import { call } from '../../lib/api';
import { formatWhen } from '../../lib/format';

/** Coming Soon / Under Maintenance sign-ups (GET /api/admin/mode-subscribers), in the order they asked. */
export const openingSignups: SignupSource<ModeSubscriber> = {
  id: 'signups',
  description: 'People who asked to be told when the shop opens. They get one e-mail when it does.',
  emptyTitle: 'No sign-ups yet',
  emptyText: 'While the shop shows Coming Soon or Under Maintenance, visitors can leave their e-mail.',
  load: async (page) => (await call(adminApi.modeSubscribers, { query: { page } })).data,
  csvHref: endpointPath(adminApi.modeSubscribers.path, undefined, { format: 'csv' }),
  rowKey: (r) => `${r.email}-${r.mode}`,
  detail: (r) => `${r.mode} · ${formatWhen(r.created_at)}${r.notified_at ? ' · told' : ''}`,
};

const STATUS: Record<NewsletterSubscriber['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};
const SOURCE: Record<SubscriptionSource, string> = {
  footer: 'footer',
  page: 'newsletter page',
  section: 'newsletter section',
  account: 'account',
};

/** The newsletter's sign-ups (GET /api/admin/newsletter-subscribers), newest first. */
export const newsletterSignups: SignupSource<NewsletterSubscriber> = {
  id: 'newsletter-signups',
  description:
    'People who signed up for your newsletter. They are on the list once they follow the link in the confirmation e-mail.',
  emptyTitle: 'No newsletter sign-ups yet',
  emptyText: 'With the E-mail subscription plugin on, shoppers sign up in the footer or a newsletter section.',
  load: async (page) => (await call(adminNewsletterApi.subscribers, { query: { page } })).data,
  csvHref: endpointPath(adminNewsletterApi.subscribers.path, undefined, { format: 'csv' }),
  rowKey: (r) => r.email,
  detail: (r) => `${STATUS[r.status]} · from the ${SOURCE[r.source]} · ${formatWhen(r.created_at)}`,
};
