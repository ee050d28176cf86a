import { OTP_TTL_MS, myDataMessages, type AccountDataAction, type AccountDataCodeSent } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/http.ts';
import type { Customer } from '../../lib/session.ts';
import { checkOtp, issueOtp, type AccountDataPurpose, type OtpMessage, type OtpTarget } from '../auth/otp.ts';
import { otpFailure } from '../auth/service.ts';
import { getAuthSettings } from '../auth/settings.ts';
import type { Outbox } from '../notifications/outbox.ts';
import { maskEmail, maskPhone } from '../notifications/change-notices.ts';

const purposeOf = (action: AccountDataAction): AccountDataPurpose =>
  action === 'download' ? 'data_export' : 'account_delete';

/**
 * Where the code of an action goes: the verified phone, else the verified e-mail (as the owner's
 * proof of ADR 0011), or null when the account has neither.
 */
export function accountDataTarget(customer: Customer, action: AccountDataAction): OtpTarget | null {
  const purpose = purposeOf(action);
  if (customer.phone && customer.phoneVerifiedAt)
    return { purpose, destination: customer.phone, customerId: customer.id };
  if (customer.email && customer.emailVerifiedAt)
    return { purpose, destination: customer.email, customerId: customer.id };
  return null;
}

function codeMessage(storeName: string, action: AccountDataAction, byEmail: boolean): (code: string) => OtpMessage {
  const minutes = OTP_TTL_MS / 60_000;
  const what = action === 'download' ? 'download a copy of your data' : 'DELETE your account';
  return (code) =>
    byEmail
      ? {
          subject: `Your ${storeName} code to ${action === 'download' ? 'download your data' : 'delete your account'}`,
          body: `Your code to ${what} at ${storeName} is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, do not share it with anyone and change your password: someone may be signed in to your account.\n\n${storeName}`,
        }
      : {
          body: `${code} is your ${storeName} code to ${what}. It expires in ${minutes} minutes. Do not share it with anyone.`,
        };
}

/**
 * Sends the code that confirms `action` to the account's verified contact, with the OTP limits
 * (one resend an hour, then 429 'Maximum attempt reached'). 422 on action when the account has no
 * verified contact. `assertAllowed` runs first (deletion refuses an account with orders in progress).
 */
export async function sendAccountDataCode(
  db: Db,
  outbox: Outbox,
  customer: Customer,
  action: AccountDataAction,
): Promise<AccountDataCodeSent> {
  const target = accountDataTarget(customer, action);
  if (!target) throw fieldError('action', myDataMessages.noVerifiedContact);
  const byEmail = target.destination.includes('@');
  const { storeName } = await getAuthSettings(db);
  const sent = await db.transaction((tx) => issueOtp(tx, outbox, target, codeMessage(storeName, action, byEmail)));
  return {
    resends_left: sent.resendsLeft,
    expires_at: sent.expiresAt.toISOString(),
    sent_to: byEmail ? maskEmail(target.destination) : maskPhone(target.destination),
  };
}

/**
 * Checks the code of `action` in `tx` and uses it up; a wrong, expired or dead code answers the
 * OTP messages (422 on otp). The caller commits `tx` even then, so the counted try sticks.
 */
export async function checkAccountDataCode(
  tx: Db,
  customer: Customer,
  action: AccountDataAction,
  otp: string,
): Promise<{ error: Error } | null> {
  const target = accountDataTarget(customer, action);
  if (!target) return { error: fieldError('otp', myDataMessages.noVerifiedContact) };
  const result = await checkOtp(tx, target, otp);
  return result === 'ok' ? null : { error: otpFailure(result) };
}
