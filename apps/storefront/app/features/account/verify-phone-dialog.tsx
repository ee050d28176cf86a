import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OTP_LENGTH, OTP_RESENDS } from '@shopfront/shared';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { accountApi, reportFailure } from '../auth/auth-api';
import { OtpInput } from '../auth/otp-input';
import { resendLabel, resendsLeftAfter } from '../auth/otp-flow';

const FULL_CODE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/**
 * The 'Verify Account' popup (spec section 2): a code is sent to the phone when it opens; the
 * shopper types the 4 digits and presses VERIFY, or RESEND OTP once.
 */
export function VerifyPhoneDialog({
  open,
  phone,
  mobileCode,
  onClose,
  onVerified,
}: {
  open: boolean;
  phone: string;
  mobileCode: string;
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
  const sentFor = useRef<string | null>(null);

  const send = async (resend: boolean) => {
    setBusy(true);
    try {
      const { data, message } = await accountApi.generateOtp(phone);
      setSent(true);
      setLeft((n) => resendsLeftAfter(data, resend ? n - 1 : OTP_RESENDS.verify));
      if (message) toast.success(message);
    } catch (err) {
      reportFailure(err, { fields: ['otp'], setErrors: (e) => setError(e.otp) });
    } finally {
      setBusy(false);
    }
  };

  // Opening the popup sends the first code (once per opening).
  useEffect(() => {
    if (!open) {
      sentFor.current = null;
      return;
    }
    if (sentFor.current === phone) return;
    sentFor.current = phone;
    setCode('');
    setError(undefined);
    setSent(false);
    setLeft(OTP_RESENDS.verify);
    void send(false);
    // `send` is recreated each render; the guard above makes this run once per opening.
  }, [open, phone]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!FULL_CODE.test(code)) return;
    setBusy(true);
    try {
      const { message } = await accountApi.verifyOtp(phone, code);
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
        <p className="text-sm text-muted">
          {sent ? 'Enter the 4-digit code we sent to ' : 'Sending a 4-digit code to '}
          <strong className="font-semibold whitespace-nowrap text-ink">
            {mobileCode} {phone}
          </strong>
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
        <button type="submit" className="btn btn-primary w-full" disabled={!FULL_CODE.test(code) || busy}>
          {busy && <Spinner />}
          VERIFY
        </button>
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-muted">Didn&apos;t get the code?</span>
          <button
            type="button"
            onClick={() => void send(true)}
            disabled={busy}
            className="font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
          >
            {resendLabel(left)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
