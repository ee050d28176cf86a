import { useEffect, useState } from 'react';
import { PASSWORD_METER_DEBOUNCE_MS, passwordStrength, type PasswordScore } from '@shopfront/shared';

const LABELS: Record<PasswordScore, string> = { 0: '', 1: 'Weak', 2: 'Good', 3: 'Strong' };
const COLOURS: Record<PasswordScore, string> = {
  0: 'bg-ink/10',
  1: 'bg-red-600',
  2: 'bg-amber-500',
  3: 'bg-emerald-600',
};

/** The meter's score for a password, recomputed 250 ms after the last keystroke (spec section 5). */
export function useDebouncedStrength(password: string): PasswordScore {
  const [score, setScore] = useState<PasswordScore>(() => passwordStrength(password));
  useEffect(() => {
    const timer = setTimeout(() => setScore(passwordStrength(password)), PASSWORD_METER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [password]);
  return score;
}

/** Three bars and a word: Weak, Good, Strong (score 1 to 3; nothing for an empty password). */
export function PasswordStrengthMeter({ password, className = '' }: { password: string; className?: string }) {
  const score = useDebouncedStrength(password);
  return (
    <div className={className} data-password-score={score}>
      <div className="flex gap-1.5" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 flex-1 rounded-full transition-colors ${score >= bar ? COLOURS[score] : 'bg-ink/10'}`}
          />
        ))}
      </div>
      <p className="mt-1.5 flex justify-between gap-2 text-xs text-muted" aria-live="polite">
        <span>
          {score > 0 ? (
            <>
              Password strength: <strong className="font-semibold text-ink">{LABELS[score]}</strong>
            </>
          ) : (
            'At least 6 characters. Strong: 8 or more, with upper and lower case letters, a number and a symbol.'
          )}
        </span>
      </p>
    </div>
  );
}
