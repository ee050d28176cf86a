import { adminPagesApi } from '@shopfront/shared';
import { ContentEditorRoute } from '../features/pages/editor-route';
import { PAGE_KIND } from '../features/pages/kinds';
import { call } from '../lib/api';

export const meta = () => [{ title: 'Edit page · Shop admin' }];

const WORDS = {
  new: 'New page',
  edit: 'Edit page',
  all: 'All pages',
  description: 'The preview shows your changes as you type. Shoppers see the page once it is published.',
  loading: 'Loading the page…',
};

/** The shop's time zone comes with the list. */
const TIME_ZONE = {
  queryKey: ['pages', 'time-zone'],
  queryFn: async () => (await call(adminPagesApi.list, { query: {} })).data.time_zone,
};

/** /pages/:id (or /pages/new): a page's text, address, SEO fields and status beside its preview. */
export default function PageRoute() {
  return <ContentEditorRoute kind={PAGE_KIND} words={WORDS} timeZone={TIME_ZONE} />;
}
