import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  OTP_LENGTH,
  OTP_RESENDS,
  authApi,
  callEndpoint,
  otpRequestBodySchema,
  otpVerifyBodySchema,
  type OtpPurpose,
} from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { browserTransport } from '../../lib/api.client';
import { useShop } from '../../lib/shop';
import { emitAuthEvent, reportFailure } from './auth-api';
import { useAuth } from './auth-context';
import { OtpInput } from './otp-input';
import { OtpVerifyActions } from './otp-verify-actions';
import { PhoneInput } from './phone-input';
import { useCompleteLogin } from './use-auth-actions';
import { useSchemaForm } from './use-schema-form';

type Step = 'otp' | 'verify';

/**
 * Resends left after a successful send: the server's count when it answers one (it keeps the
 * window across dialogs and tabs), else our own.
 */
export function resendsLeftAfter(data: unknown, fallback: number): number {
  const left = (data as { resends_left?: unknown } | null)?.resends_left;
  return typeof left === 'number' && Number.isFinite(left) ? Math.max(left, 0) : Math.max(fallback, 0);
}

/**
 * The OTP login / register flow (spec section 4, "OTP flow"): step otp (phone, SEND OTP) moves to
 * step verify (4 boxes, VERIFY, RESEND OTP, Change Phone). Success resets the form, returns to
 * step otp and signs the shopper in.
 */
export function OtpFlow({ type }: { type: Extract<OtpPurpose, 'login' | 'register'> }) {
  const { storefront } = useShop();
  const country = storefront.channel.country;
  const auth = useAuth();
  const { store, updating } = auth;
  const completeLogin = useCompleteLogin();
  const uid = useId();
  const [step, setStep] = useState<Step>('otp');
  const allowed = OTP_RESENDS[type];
  const [left, setLeft] = useState<number>(allowed);
  // The phone's length is the channel country's (10 in the default Indian channel; the server checks it too).
  const length = country.mobile_number_length;
  const requestSchema = useMemo(() => otpRequestBodySchema(length), [length]);
  const verifySchema = useMemo(() => otpVerifyBodySchema(length), [length]);
  const phoneForm = useSchemaForm(requestSchema, { input: '', type });
  const codeForm = useSchemaForm(verifySchema, { input: '', otp: '', type });

  // Spec: the updating flag stays on after a successful OTP request, so nothing can be sent
  // twice while the step changes; the verify step settles it once it is on screen.
  useEffect(() => {
    if (step === 'verify') store.set({ updating: false });
  }, [step, store]);

  const sendOtp = async (resend: boolean) => {
    const body = phoneForm.validate();
    if (!body) return;
    try {
      // The first send keeps `updating` on until the verify step is shown (effect above).
      const { data, message } = await store.track(
        () =>
          callEndpoint(browserTransport, authApi.requestOtp, {
            // SEND OTP starts a new flow: the server counts its resends from 0 again (Change Phone).
            body: { ...(body as { input: string; type: typeof type }), restart: !resend },
          }),
        () => !resend,
      );
      if (message) toast.success(message);
      setLeft((n) => resendsLeftAfter(data, resend ? n - 1 : allowed));
      if (!resend) {
        codeForm.reset({ input: phoneForm.values.input, otp: '', type });
        setStep('verify');
      }
      // The code itself is not announced: the message says where it went.
    } catch (err) {
      reportFailure(err, { fields: ['input'], setErrors: phoneForm.setErrors });
    }
  };

  const onSendSubmit = (e: FormEvent) => {
    e.preventDefault();
    void sendOtp(false);
  };

  const onVerifySubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = codeForm.validate();
    if (!body) return;
    emitAuthEvent('before-login', { method: 'otp' });
    try {
      const { data, message } = await store.track(() =>
        callEndpoint(browserTransport, authApi.verifyOtp, {
          body: { ...(body as { input: string; otp: string; type: typeof type }), remember_me: true },
        }),
      );
      changePhone();
      completeLogin(data, message);
    } catch (err) {
      reportFailure(err, { fields: ['otp', 'input'], setErrors: codeForm.setErrors });
    }
  };

  /**
   * Spec: Change Phone clears the form and returns to step otp with the resend counter at 0
   * (no resends used: the full allowance shows again).
   */
  const changePhone = () => {
    phoneForm.reset({ input: '', type });
    codeForm.reset({ input: '', otp: '', type });
    setLeft(allowed);
    setStep('otp');
  };

  if (step === 'otp') {
    return (
      <form onSubmit={onSendSubmit} noValidate className="space-y-5" data-otp-step="otp">
        <PhoneInput
          id={`${uid}-phone`}
          label="Mobile number"
          value={phoneForm.values.input}
          onValue={(v) => phoneForm.setValue('input', v)}
          onBlur={() => phoneForm.touch('input')}
          mobileCode={country.mobile_code}
          length={country.mobile_number_length}
          error={phoneForm.errors.input}
        />
        <p className="text-sm text-muted">We will send a {OTP_LENGTH}-digit code to this number.</p>
        <button
          type="submit"
          className="btn btn-primary w-full"
          disabled={(phoneForm.invalid && phoneForm.dirty) || updating}
        >
          {updating && <Spinner />}
          SEND OTP
        </button>
      </form>
    );
  }

  const code = codeForm.values.otp;
  return (
    <form onSubmit={onVerifySubmit} noValidate className="space-y-5" data-otp-step="verify">
      <div className="rounded-2xl bg-surface px-4 py-3 text-sm">
        <p className="text-muted">Enter the code we sent to</p>
        <p className="mt-0.5 flex flex-wrap items-center justify-between gap-x-3 font-semibold">
          <span>
            {country.mobile_code} {phoneForm.values.input}
          </span>
          <button
            type="button"
            onClick={changePhone}
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Change Phone
          </button>
        </p>
      </div>
      <OtpInput
        idPrefix={`${uid}-otp`}
        value={code}
        onValue={(v) => codeForm.setValue('otp', v)}
        error={codeForm.errors.otp}
        disabled={updating}
      />
      <OtpVerifyActions code={code} busy={updating} resendsLeft={left} onResend={() => void sendOtp(true)} />
    </form>
  );
}
