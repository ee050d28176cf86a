import type { Db } from '../../db/client.ts';
import type { Outbox } from './outbox.ts';

/** Where a notice can reach the customer: the e-mail address if any, else the phone. */
export interface NoticeContact {
  email: string | null;
  phone: string | null;
  firstName?: string | null;
}

/** What changed, in the words of the notice (ADR 0011). */
export type SensitiveChange =
  | { kind: 'password-changed' }
  | { kind: 'password-reset'; phoneRemoved: string | null }
  | { kind: 'email-changed'; to: string }
  | { kind: 'phone-changed'; to: string }
  | { kind: 'released'; what: 'email' | 'phone'; value: string };

/** a***@example.test / ******3210: enough for the owner to recognise, little for anyone reading over a shoulder. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');
export const maskPhone = (phone: string) => `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

const NOT_YOU = 'If this was not you, reset your password at once and contact us.';

function describe(change: SensitiveChange, storeName: string): { subject: string; text: string } {
  switch (change.kind) {
    case 'password-changed':
      return {
        subject: `Your ${storeName} password was changed`,
        text: `The password of your ${storeName} account was changed, and your other devices were signed out. ${NOT_YOU}`,
      };
    case 'password-reset':
      return {
        subject: `Your ${storeName} password was reset`,
        text:
          `The password of your ${storeName} account was reset with a link sent to this address, and every device was signed out.` +
          (change.phoneRemoved
            ? ` The mobile number ${maskPhone(change.phoneRemoved)}, which had not been confirmed by you, was removed from the account: add it again in your profile and verify it.`
            : '') +
          ` ${NOT_YOU}`,
      };
    case 'email-changed':
      return {
        subject: `Your ${storeName} e-mail address was changed`,
        text: `The e-mail address of your ${storeName} account was changed to ${maskEmail(change.to)}. This address no longer signs in to it. ${NOT_YOU}`,
      };
    case 'phone-changed':
      return {
        subject: `Your ${storeName} mobile number was changed`,
        text: `The mobile number of your ${storeName} account was changed to ${maskPhone(change.to)}. ${NOT_YOU}`,
      };
    case 'released': {
      const what =
        change.what === 'phone'
          ? `mobile number ${maskPhone(change.value)}`
          : `e-mail address ${maskEmail(change.value)}`;
      return {
        subject: `Your ${storeName} account lost an unverified ${change.what === 'phone' ? 'mobile number' : 'e-mail address'}`,
        text: `The ${what} was never verified on your ${storeName} account, and its owner has now confirmed it for another account, so it was removed from yours.`,
      };
    }
  }
}

/**
 * Queues the notice of a sensitive change, inside the caller's transaction (`db`), so it goes out
 * exactly when the change commits: by e-mail when `to` has an address, else by SMS. A contact
 * with neither gets nothing (there is nowhere to send it).
 */
export async function enqueueChangeNotice(
  db: Db,
  outbox: Outbox,
  storeName: string,
  to: NoticeContact,
  change: SensitiveChange,
): Promise<void> {
  const { subject, text } = describe(change, storeName);
  if (to.email) {
    const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
    await outbox.enqueue(db, {
      channel: 'email',
      recipient: to.email,
      subject,
      body: `${hello}\n\n${text}\n\n${storeName}`,
    });
  } else if (to.phone) {
    await outbox.enqueue(db, { channel: 'sms', recipient: to.phone, body: `${storeName}: ${text}` });
  }
}
