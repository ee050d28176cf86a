import { adminInboxesApi } from '@shopfront/shared';
import { InboxScreen } from '../features/inboxes/inbox-screen';
import { callAbortable } from '../lib/api';

export const meta = () => [{ title: 'Trade enquiries · Shop admin' }];

/** Wholesale and bulk enquiries sent from a product's trade-enquiry form. */
export default function TradeEnquiries() {
  return (
    <InboxScreen
      name="trade-enquiries"
      title="Trade enquiries"
      description="Shops and businesses asking about wholesale or bulk orders, newest first."
      emptyTitle="No trade enquiries yet"
      emptyText="When a business sends the trade enquiry form from a product page, it shows here."
      path={adminInboxesApi.tradeEnquiries.path}
      load={async (cursor, signal) =>
        (await callAbortable(adminInboxesApi.tradeEnquiries, { query: cursor ? { cursor } : {} }, signal)).data
      }
    />
  );
}
