import { useId } from 'react';
import { OTP_LENGTH } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';

/** A complete code: exactly OTP_LENGTH digits (spec section 5: VERIFY is disabled otherwise). */
export const FULL_CODE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** What the resend counter means, said in words beside RESEND OTP: how many more codes may be sent. */
export function resendsLeftText(left: number): string {
  const n = Math.max(left, 0);
  if (n === 0) return 'No resends left for now';
  return `${n} ${n === 1 ? 'resend' : 'resends'} left`;
}

/**
 * The end of every code form (login, register, the Verify Account popup): VERIFY, disabled
 * until the code is complete or while a request runs, then "Didn't get the code?" with RESEND
 * OTP and how many resends are left, in words. The resend stays enabled at 0: the server keeps the count and answers
 * 'Maximum attempt reached…'.
 */
export function OtpVerifyActions({
  code,
  busy,
  resendsLeft,
  onResend,
}: {
  code: string;
  busy: boolean;
  resendsLeft: number;
  onResend: () => void;
}) {
  const counterId = useId();
  return (
    <>
      <button type="submit" className="btn btn-primary w-full" disabled={!FULL_CODE.test(code) || busy}>
        {busy && <Spinner />}
        VERIFY
      </button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted">
          Didn&apos;t get the code?
          <span className="block text-xs" id={counterId} data-testid="resends-left">
            {resendsLeftText(resendsLeft)}
          </span>
        </span>
        <button
          type="button"
          onClick={onResend}
          disabled={busy}
          aria-describedby={counterId}
          className="min-h-11 font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
        >
          RESEND OTP
        </button>
      </div>
    </>
  );
}
