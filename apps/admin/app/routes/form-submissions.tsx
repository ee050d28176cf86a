import { Link, useSearchParams } from 'react-router';
import { adminInboxesApi } from '@shopfront/shared';
import { InboxScreen } from '../features/inboxes/inbox-screen';
import { callAbortable } from '../lib/api';

export const meta = () => [{ title: 'Form messages · Shop admin' }];

/**
 * Messages sent through the shop's forms (contact and the like; trade enquiries have their own
 * inbox); `?form=<id>` (the forms editor's link) shows one form's alone.
 */
export default function FormSubmissions() {
  const form = useSearchParams()[0].get('form') || undefined;
  return (
    <InboxScreen
      name="form-submissions"
      title="Form messages"
      description="What visitors sent through the shop’s forms, newest first. Open one to read all of it."
      emptyTitle="No messages yet"
      emptyText="When someone sends a form on the shop (the contact form, for example), it shows here."
      path={adminInboxesApi.formSubmissions.path}
      {...(form ? { filter: { form } } : {})}
      notice={
        form && (
          <p className="mb-3 text-sm text-muted" data-testid="inbox-filter">
            Only the messages of one form.{' '}
            <Link to="/form-submissions" className="font-medium text-ink underline">
              Show every form’s
            </Link>
          </p>
        )
      }
      load={async (cursor, signal) =>
        (
          await callAbortable(
            adminInboxesApi.formSubmissions,
            { query: { ...(cursor ? { cursor } : {}), ...(form ? { form } : {}) } },
            signal,
          )
        ).data
      }
    />
  );
}
