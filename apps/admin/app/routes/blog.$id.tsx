import { adminBlogPostsApi } from '@shopfront/shared';
import { ContentEditorRoute } from '../features/pages/editor-route';
import { POST_KIND } from '../features/pages/kinds';
import { call } from '../lib/api';

export const meta = () => [{ title: 'Edit post · Shop admin' }];

const WORDS = {
  new: 'New post',
  edit: 'Edit post',
  all: 'All posts',
  description: 'The preview shows your changes as you type. Shoppers see the post once it is published.',
  loading: 'Loading the post…',
};

const TIME_ZONE = {
  queryKey: ['blog-posts', 'time-zone'],
  queryFn: async () => (await call(adminBlogPostsApi.list, { query: { per_page: 1 } })).data.time_zone,
};

/** /blog/:id (or /blog/new): a post's text, excerpt, cover, tags, SEO fields and status beside its preview. */
export default function BlogPostRoute() {
  return <ContentEditorRoute kind={POST_KIND} words={WORDS} timeZone={TIME_ZONE} />;
}
