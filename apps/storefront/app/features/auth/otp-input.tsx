import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@shopfront/shared';
import {
  backspaceInBoxes,
  boxesFromCode,
  joinBoxes,
  pasteIntoBoxes,
  typeIntoBox,
  type OtpBoxesState,
} from './otp-boxes';

/**
 * Four single-digit boxes (spec sections 2 and 5). The value is the code so far; the boxes keep
 * the caret moving: typing advances, Backspace clears and moves back, a 4-digit paste fills all.
 */
export function OtpInput({
  value,
  onValue,
  label = 'One-time code',
  error,
  disabled,
  idPrefix,
}: {
  value: string;
  onValue: (code: string) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
  idPrefix: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Empty boxes in the middle would shift digits when joined: show the boxes as typed while they
  // still spell the value; a value set from outside (a reset, a new code) is spread left to right.
  const [typed, setTyped] = useState<string[]>(() => boxesFromCode(value, OTP_LENGTH));
  const current = joinBoxes(typed) === value ? typed : boxesFromCode(value, OTP_LENGTH);

  const apply = (next: OtpBoxesState) => {
    setTyped(next.digits);
    onValue(joinBoxes(next.digits));
    const el = boxes.current[next.focus];
    if (el && document.activeElement !== el) {
      el.focus();
      el.select();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      apply(backspaceInBoxes(current, i));
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      boxes.current[i - 1]?.focus();
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      e.preventDefault();
      boxes.current[i + 1]?.focus();
    } else if (e.key.length === 1 && !/[0-9]/.test(e.key) && !e.ctrlKey && !e.metaKey) {
      // Single digits only: letters and symbols never reach the box.
      e.preventDefault();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>, i: number) => {
    e.preventDefault();
    apply(pasteIntoBoxes(current, i, e.clipboardData.getData('text')));
  };

  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2.5 w-full text-center text-sm font-medium text-ink">{label}</legend>
      <div className="flex justify-center gap-3">
        {current.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            id={`${idPrefix}-${i}`}
            type="text"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]"
            value={d}
            disabled={disabled}
            aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            data-otp-box={i}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => onKeyDown(e, i)}
            onPaste={(e) => onPaste(e, i)}
            onChange={(e) => apply(typeIntoBox(current, i, e.target.value))}
            className={`size-14 rounded-xl border bg-background text-center text-2xl font-semibold text-ink tabular-nums focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none ${
              error ? 'border-red-600' : 'border-ink/20'
            }`}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-center text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
