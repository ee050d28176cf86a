import { adminInboxesApi } from '@shopfront/shared';
import { InboxScreen } from '../features/inboxes/inbox-screen';
import { callAbortable } from '../lib/api';

export const meta = () => [{ title: 'Form messages · Shop admin' }];

/** Messages sent through the shop's forms (contact and the like; trade enquiries have their own inbox). */
export default function FormSubmissions() {
  return (
    <InboxScreen
      name="form-submissions"
      title="Form messages"
      description="What visitors sent through the shop’s forms, newest first. Open one to read all of it."
      emptyTitle="No messages yet"
      emptyText="When someone sends a form on the shop (the contact form, for example), it shows here."
      path={adminInboxesApi.formSubmissions.path}
      load={async (cursor, signal) =>
        (await callAbortable(adminInboxesApi.formSubmissions, { query: cursor ? { cursor } : {} }, signal)).data
      }
    />
  );
}
