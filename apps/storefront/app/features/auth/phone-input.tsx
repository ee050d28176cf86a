import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PHONE_BLOCKED_KEYS, PHONE_DEBOUNCE_MS } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder } from '../../components/ui/field';
import { VerifyBadge, type VerifyBadgeProps } from '../../components/ui/verify-badge';

const BLOCKED = new Set<string>(PHONE_BLOCKED_KEYS);

/** Digits only, cut to the country's mobile number length (spec section 5). */
export function cleanPhone(raw: string, length: number): string {
  return raw.replace(/\D+/g, '').slice(0, length);
}

/** Spec section 5: these keys never reach the number field. */
export function isBlockedPhoneKey(key: string): boolean {
  return BLOCKED.has(key);
}

export interface PhoneInputProps {
  label?: string;
  /** The committed value (what the form validates and sends). */
  value: string;
  /** Called 750 ms after the last keystroke, or at once on blur / Enter. */
  onValue: (value: string) => void;
  onBlur?: () => void;
  /** channel.country.mobile_code, e.g. +91. */
  mobileCode: string;
  /** channel.country.mobile_number_length. */
  length: number;
  error?: string | undefined;
  /** Optional Verify / Verified badge: `verified` decides which one (isPhoneVerified()). */
  badge?: VerifyBadgeProps | null;
  disabled?: boolean;
  id?: string;
  name?: string;
}

/**
 * A read-only country code plus a numeric number field (spec section 2, "Phone input"). The
 * input event is debounced by 750 ms; blur and Enter commit at once so a submit never sends a
 * stale number.
 */
export function PhoneInput({
  label = 'Phone number',
  value,
  onValue,
  onBlur,
  mobileCode,
  length,
  error,
  badge,
  disabled,
  id,
  name = 'phone',
}: PhoneInputProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committed = useRef(value);

  // The form reset or replaced the value (Change Phone, a saved profile): show it (adjusted while
  // rendering, so the old number is never painted), and count it as the one committed.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => {
    committed.current = value;
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== committed.current) {
      committed.current = next;
      onValue(next);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedPhoneKey(e.key)) e.preventDefault();
    else if (e.key === 'Enter') commit(text);
  };

  const hint = `${length} digits, without the country code`;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <div
        className={`flex h-12 items-stretch overflow-hidden rounded-xl border bg-background focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20 ${inputBorder(error)}`}
      >
        <input
          value={mobileCode}
          readOnly
          tabIndex={-1}
          aria-label="Country code"
          className="w-16 shrink-0 border-r border-ink/10 bg-surface text-center text-[15px] text-muted focus:outline-none"
        />
        <input
          id={fieldId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="tel-national"
          pattern="[0-9]*"
          value={text}
          disabled={disabled}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            const next = cleanPhone(e.target.value, length);
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(next), PHONE_DEBOUNCE_MS);
          }}
          onBlur={() => {
            commit(text);
            onBlur?.();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className="min-w-0 flex-1 bg-transparent px-3 text-[15px] tracking-wide text-ink placeholder:text-muted/70 focus:outline-none disabled:text-muted"
        />
        {badge && <VerifyBadge kind="phone" {...badge} />}
      </div>
    </FieldFrame>
  );
}
