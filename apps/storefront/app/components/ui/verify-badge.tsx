import { CheckIcon } from './icons';

export interface VerifyBadgeProps {
  /** Verified shows the green mark; otherwise a Verify button opens the verification popup. */
  verified: boolean;
  onVerify: () => void;
  disabled?: boolean;
}

/**
 * The Verify / Verified badge inside a contact field's box (spec section 2, "Phone input"; the
 * e-mail field carries the same one). `kind` names the button for screen readers (two can sit on
 * one page) and marks both states for tests: data-phone-badge / data-email-badge.
 */
export function VerifyBadge({ verified, onVerify, disabled, kind }: VerifyBadgeProps & { kind: 'phone' | 'email' }) {
  // Short names: a longer one ('Verify mobile number') would also match the field's own label.
  const what = kind === 'phone' ? 'phone' : 'e-mail';
  const data = { [`data-${kind}-badge`]: verified ? 'verified' : 'verify' };
  return verified ? (
    <span
      className="m-1.5 inline-flex shrink-0 items-center gap-1 rounded-lg bg-emerald-50 px-2.5 text-xs font-semibold text-emerald-800"
      {...data}
    >
      <CheckIcon className="size-3.5" />
      Verified
    </span>
  ) : (
    <button
      type="button"
      onClick={onVerify}
      disabled={disabled}
      aria-label={`Verify ${what}`}
      className="m-1.5 inline-flex shrink-0 items-center rounded-lg bg-primary px-3 text-xs font-semibold text-on-primary hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50"
      {...data}
    >
      Verify
    </button>
  );
}
