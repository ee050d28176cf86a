import { SignupList } from '../features/signups/signup-list';
import { useSignupList } from '../features/signups/signup-lists';
import { newsletterSignups, openingSignups } from '../features/signups/signup-sources';

export const meta = () => [{ title: 'Sign-ups · Shop admin' }];

/** Sign-ups: the newsletter's with `?list=newsletter`, else the shop-opening ones; one list each, keyed so paging state starts afresh. */
export default function Signups() {
  return useSignupList() === 'newsletter' ? (
    <SignupList key="newsletter" source={newsletterSignups} />
  ) : (
    <SignupList key="opening" source={openingSignups} />
  );
}
