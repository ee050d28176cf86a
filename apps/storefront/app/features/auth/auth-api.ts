import { ApiError, type Account, type User } from '@shopfront/shared';
import { toast } from '../../components/ui/toast';

/** The user fields of an account answer (the account store's fields copied to the user, spec section 3). */
export function userFromAccount(account: Account): User {
  const { id, first_name, last_name, email, phone, phone_verified_at, email_verified_at } = account;
  return { id, first_name, last_name, email, phone, phone_verified_at, email_verified_at };
}

/**
 * Shows a failed call the way spec section 8 says: a 422's field errors beside the fields (no
 * toast), anything else as an error toast with the server's message. A 422 whose fields the
 * form does not have still reaches the shopper as a toast rather than vanishing.
 */
export function reportFailure(
  err: unknown,
  form?: { fields: readonly string[]; setErrors: (errors: Record<string, string>) => void },
): void {
  if (err instanceof ApiError && err.status === 422 && form) {
    const mine: Record<string, string> = {};
    const others: string[] = [];
    for (const [field, list] of Object.entries(err.errors)) {
      if (!list[0]) continue;
      if (form.fields.includes(field)) mine[field] = list[0];
      else others.push(list[0]);
    }
    form.setErrors(mine);
    if (Object.keys(mine).length === 0) toast.error(others[0] ?? err.message);
    return;
  }
  toast.error(err instanceof Error ? err.message : String(err));
}

/** Spec section 4: login emits before and after events; logout emits one too (for plugins, analytics). */
export function emitAuthEvent(type: 'before-login' | 'after-login' | 'logout', detail: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(`shopfront:${type}`, { detail }));
}
