import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { OTP_RESENDS, accountApi, callEndpoint, type VerifyType } from '@shopfront/shared';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { browserTransport } from '../../lib/api.client';
import { reportFailure } from '../auth/auth-api';
import { OtpInput } from '../auth/otp-input';
import { resendsLeftAfter } from '../auth/otp-flow';
import { FULL_CODE, OtpVerifyActions } from '../auth/otp-verify-actions';

/**
 * The 'Verify Account' popup (spec section 2): when it opens, a code goes to `input`, by SMS
 * (type phone) or e-mail (type email); the shopper types the 4 digits and presses VERIFY, or
 * RESEND OTP once.
 */
export function VerifyAccountDialog({
  open,
  type,
  input,
  mobileCode,
  alreadySent = false,
  onClose,
  onVerified,
}: {
  open: boolean;
  type: VerifyType;
  /** The phone number (without country code) or e-mail address to verify. */
  input: string;
  /** Shown before a phone number. */
  mobileCode: string;
  /** A code is already on its way (update-profile sent it for a new contact): do not send another on opening. */
  alreadySent?: boolean;
  onClose: () => void;
  onVerified: () => void;
}) {
  const titleId = useId();
  const uid = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [left, setLeft] = useState<number>(OTP_RESENDS.verify);

  /**
   * Asks for a code to `input`; the caller has already set `busy`. Written as a promise chain:
   * the answer's state updates run in its callbacks, never while the opening effect runs.
   */
  const requestCode = (resend: boolean) =>
    callEndpoint(browserTransport, accountApi.generateOtp, { body: { input, type } })
      .then(
        ({ data, message }) => {
          setSent(true);
          setLeft((n) => resendsLeftAfter(data, resend ? n - 1 : OTP_RESENDS.verify));
          if (message) toast.success(message);
        },
        (err: unknown) => reportFailure(err, { fields: ['otp'], setErrors: (e) => setError(e.otp) }),
      )
      .finally(() => setBusy(false));

  // Each opening (or a new contact while open) starts afresh: the state is reset while rendering,
  // so the popup never shows the last opening's code, and the first code goes out once.
  const opening = open ? `${type}:${input}` : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (opening !== openedFor) {
    setOpenedFor(opening);
    if (opening) {
      setCode('');
      setError(undefined);
      setLeft(OTP_RESENDS.verify);
      setSent(alreadySent);
      setBusy(!alreadySent);
    }
  }
  // Reads `alreadySent` as it is at the opening; later changes do not send again.
  const sendFirst = useEffectEvent(() => {
    if (!alreadySent) void requestCode(false);
  });
  useEffect(() => {
    if (opening) sendFirst();
  }, [opening]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!FULL_CODE.test(code)) return;
    setBusy(true);
    try {
      const { message } = await callEndpoint(browserTransport, accountApi.verifyOtp, {
        body: { input, otp: code, type },
      });
      if (message) toast.success(message);
      onVerified();
    } catch (err) {
      reportFailure(err, { fields: ['otp'], setErrors: (errs) => setError(errs.otp) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Verify Account" titleId={titleId} testId="verify-dialog">
      <form onSubmit={onSubmit} noValidate className="mt-2 space-y-5">
        <p className="text-sm text-muted" data-verify-destination={type}>
          {sent ? 'Enter the 4-digit code we sent ' : 'Sending a 4-digit code '}
          {type === 'email' ? 'by e-mail to ' : 'by SMS to '}
          {type === 'email' ? (
            <strong className="font-semibold break-all text-ink">{input}</strong>
          ) : (
            <strong className="font-semibold whitespace-nowrap text-ink">
              {mobileCode} {input}
            </strong>
          )}
          .
        </p>
        <OtpInput
          idPrefix={`${uid}-otp`}
          value={code}
          onValue={(v) => {
            setCode(v);
            setError(undefined);
          }}
          error={error}
          disabled={busy && !sent}
        />
        <OtpVerifyActions
          code={code}
          busy={busy}
          resendsLeft={left}
          onResend={() => {
            setBusy(true);
            void requestCode(true);
          }}
        />
      </form>
    </Modal>
  );
}
