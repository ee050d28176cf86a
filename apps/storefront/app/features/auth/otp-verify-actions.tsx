import { OTP_LENGTH } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';

/** A complete code: exactly OTP_LENGTH digits (spec section 5: VERIFY is disabled otherwise). */
export const FULL_CODE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** Resend counter text: how many more codes may be sent in this flow. */
export function resendLabel(left: number): string {
  return `RESEND OTP (${Math.max(left, 0)})`;
}

/**
 * The end of every code form (login, register, the Verify Account popup): VERIFY, disabled
 * until the code is complete or while a request runs, then "Didn't get the code?" with RESEND
 * OTP and its counter. The resend stays enabled at 0: the server keeps the count and answers
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
  return (
    <>
      <button type="submit" className="btn btn-primary w-full" disabled={!FULL_CODE.test(code) || busy}>
        {busy && <Spinner />}
        VERIFY
      </button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted">Didn&apos;t get the code?</span>
        <button
          type="button"
          onClick={onResend}
          disabled={busy}
          className="font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
        >
          {resendLabel(resendsLeft)}
        </button>
      </div>
    </>
  );
}
