import { redirect } from 'react-router';

/**
 * Spec section 2 lists reset-password among the /account/{slug} sections. A signed-in customer
 * changes (or sets) the password on Security; a guest reaches the account guard there. The reset
 * link of the e-mail is /account/reset-password/{email}/{token} (account.reset-password.tsx).
 */
export function loader() {
  throw redirect('/account/security');
}
