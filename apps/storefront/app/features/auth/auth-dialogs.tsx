import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  authApi,
  callEndpoint,
  registerBodySchema,
  type LoginBody,
  type RegisterBody,
} from '@shopfront/shared';
import { CheckboxField, PasswordField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { browserTransport } from '../../lib/api.client';
import { useShop } from '../../lib/shop';
import { emitAuthEvent, reportFailure } from './auth-api';
import { useAuth } from './auth-context';
import type { AuthMode } from './auth-store';
import { OtpFlow } from './otp-flow';
import { PasswordStrengthMeter } from './password-strength';
import { PhoneInput } from './phone-input';
import { useCompleteLogin } from './use-auth-actions';
import { useSchemaForm } from './use-schema-form';

const linkButton = 'font-semibold text-primary underline-offset-4 hover:underline';

function useAuthSettings() {
  const { settings } = useShop();
  return {
    otp: settings.enable_otp_auth === true,
    legacy: settings.enable_legacy_auth !== false,
    register: settings.enable_customer_register === true,
  };
}

/** "or" rule between the form and the mode switch. */
function Divider() {
  return (
    <div
      className="my-5 flex items-center gap-3 text-xs font-medium tracking-wider text-muted uppercase"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-ink/10" />
      or
      <span className="h-px flex-1 bg-ink/10" />
    </div>
  );
}

const FIRST_FIELD = 'input:not([type=hidden]):not([readonly]):not([disabled]), select, textarea';

/**
 * When the shopper switches mode inside an open dialog ("Login with Email", "Forgot Password?"),
 * focus moves to the new form's first field: it replaced the button that had focus, and the
 * field would otherwise sit several tab stops away. Opening the dialog is the Modal's business.
 */
function useFocusOnModeSwitch(open: boolean, mode: string) {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef({ open, mode });
  useEffect(() => {
    const before = shown.current;
    shown.current = { open, mode };
    if (open && before.open && before.mode !== mode) {
      container.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    }
  }, [open, mode]);
  return container;
}

function SwitchButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="btn btn-outline w-full">
      {children}
    </button>
  );
}

function LegacyLoginForm() {
  const { store, updating } = useAuth();
  const completeLogin = useCompleteLogin();
  const uid = useId();
  const form = useSchemaForm<LoginBody & { remember_me: boolean }>(LoginBodySchema, {
    email: '',
    password: '',
    remember_me: true,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate() as LoginBody | null;
    if (!body) return;
    emitAuthEvent('before-login', { method: 'password' });
    try {
      const { data, message } = await store.track(() => callEndpoint(browserTransport, authApi.login, { body }));
      completeLogin(data, message);
    } catch (err) {
      reportFailure(err, { fields: ['email', 'password'], setErrors: form.setErrors });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-auth-form="login">
      <TextField id={`${uid}-email`} label="Email address" type="email" autoComplete="email" {...form.field('email')} />
      <PasswordField
        id={`${uid}-password`}
        label="Password"
        autoComplete="current-password"
        {...form.field('password')}
        labelAside={
          <button type="button" onClick={() => store.setMode('ForgotPassword')} className={`text-sm ${linkButton}`}>
            Forgot Password?
          </button>
        }
      />
      <CheckboxField
        label="Remember me"
        name="remember_me"
        checked={form.values.remember_me}
        onChecked={(v) => form.setValue('remember_me', v)}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={(form.invalid && form.dirty) || updating}>
        {updating && <Spinner />}
        Log in
      </button>
    </form>
  );
}

function ForgotPasswordForm() {
  const { store, updating } = useAuth();
  const uid = useId();
  const form = useSchemaForm(ForgotPasswordBodySchema, { email: '' });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate() as { email: string } | null;
    if (!body) return;
    try {
      const { message } = await store.track(() => callEndpoint(browserTransport, authApi.reset, { body }));
      // Spec section 4: a successful reset request returns to Legacy, with the server's message.
      store.setMode('Legacy');
      if (message) toast.success(message);
    } catch (err) {
      reportFailure(err, { fields: ['email'], setErrors: form.setErrors });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-auth-form="forgot-password">
      <p className="text-sm text-muted">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <TextField id={`${uid}-email`} label="Email address" type="email" autoComplete="email" {...form.field('email')} />
      <button type="submit" className="btn btn-primary w-full" disabled={(form.invalid && form.dirty) || updating}>
        {updating && <Spinner />}
        Send reset link
      </button>
      <p className="text-center text-sm">
        <button type="button" onClick={() => store.setMode('Legacy')} className={linkButton}>
          Back to Login
        </button>
      </p>
    </form>
  );
}

/** Terms & Conditions and Privacy Policy, linked to the storefront's configured pages. */
function LegalNote({ action }: { action: string }) {
  const { storefront } = useShop();
  const terms = storefront.termsandconditions_page;
  const privacy = storefront.privacypolicy_page;
  const { store } = useAuth();
  if (!terms && !privacy) return null;
  const close = () => store.closeDialogs();
  return (
    <p className="mt-5 text-center text-xs leading-relaxed text-muted">
      By {action}, you agree to our{' '}
      {terms && (
        <Link to={`/${terms.slug}`} onClick={close} className="font-medium text-ink underline underline-offset-2">
          Terms &amp; Conditions
        </Link>
      )}
      {terms && privacy && ' and '}
      {privacy && (
        <Link to={`/${privacy.slug}`} onClick={close} className="font-medium text-ink underline underline-offset-2">
          Privacy Policy
        </Link>
      )}
      .
    </p>
  );
}

export function LoginDialog() {
  const { loginOpen, mode, store } = useAuth();
  const enabled = useAuthSettings();
  const titleId = useId();
  // A mode the shop switched off falls back to the other one.
  const effective: AuthMode =
    mode === 'OTP' && !enabled.otp ? 'Legacy' : mode === 'Legacy' && !enabled.legacy && enabled.otp ? 'OTP' : mode;
  const body = useFocusOnModeSwitch(loginOpen, effective);
  return (
    <Modal
      open={loginOpen}
      onClose={() => {
        if (store.getState().loginOpen) store.closeDialogs();
      }}
      title={effective === 'ForgotPassword' ? 'Forgot Password?' : 'Login'}
      titleId={titleId}
      testId="login-dialog"
    >
      <div ref={body} data-auth-mode={effective}>
        {effective !== 'ForgotPassword' && (
          <p className="mt-1.5 mb-6 text-sm text-muted">
            {effective === 'OTP'
              ? 'Sign in with a one-time code sent to your phone.'
              : 'Sign in with your e-mail address and password.'}
          </p>
        )}
        {effective === 'ForgotPassword' && <div className="mt-4" />}
        {/* Keyed by mode: switching modes starts with an empty form. */}
        {effective === 'OTP' && <OtpFlow key="otp" type="login" />}
        {effective === 'Legacy' && <LegacyLoginForm key="legacy" />}
        {effective === 'ForgotPassword' && <ForgotPasswordForm key="forgot" />}

        {effective !== 'ForgotPassword' && (
          <>
            {(effective === 'OTP' ? enabled.legacy : enabled.otp) && (
              <>
                <Divider />
                {effective === 'OTP' ? (
                  <SwitchButton onClick={() => store.setMode('Legacy')}>Login with Email</SwitchButton>
                ) : (
                  <SwitchButton onClick={() => store.setMode('OTP')}>Login with OTP</SwitchButton>
                )}
              </>
            )}
            {enabled.register && (
              <p className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm">
                <span className="text-muted">Don&apos;t Have an Account?</span>
                <button type="button" onClick={() => store.openRegister()} className={linkButton}>
                  REGISTER NOW
                </button>
              </p>
            )}
          </>
        )}
        <LegalNote action="continuing" />
      </div>
    </Modal>
  );
}

function LegacyRegisterForm() {
  const { storefront } = useShop();
  const country = storefront.channel.country;
  const { store, updating } = useAuth();
  const completeLogin = useCompleteLogin();
  const uid = useId();
  // The phone length follows the shop's country, exactly as the API checks it.
  const schema = registerBodySchema(country.mobile_number_length);
  const form = useSchemaForm<RegisterBody>(
    schema,
    { first_name: '', last_name: '', phone: '', email: '', password: '' },
    'submit',
  );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate() as RegisterBody | null;
    if (!body) return;
    emitAuthEvent('before-login', { method: 'register' });
    try {
      const { data, message } = await store.track(() => callEndpoint(browserTransport, authApi.register, { body }));
      completeLogin(data, message);
    } catch (err) {
      reportFailure(err, {
        fields: ['first_name', 'last_name', 'phone', 'email', 'password'],
        setErrors: form.setErrors,
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-auth-form="register">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField id={`${uid}-first`} label="First name" autoComplete="given-name" {...form.field('first_name')} />
        <TextField id={`${uid}-last`} label="Last name" autoComplete="family-name" {...form.field('last_name')} />
      </div>
      <PhoneInput
        id={`${uid}-phone`}
        label="Mobile number"
        value={form.values.phone}
        onValue={(v) => form.setValue('phone', v)}
        mobileCode={country.mobile_code}
        length={country.mobile_number_length}
        error={form.errors.phone}
      />
      <TextField id={`${uid}-email`} label="Email address" type="email" autoComplete="email" {...form.field('email')} />
      <div>
        <PasswordField
          id={`${uid}-password`}
          label="Password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <PasswordStrengthMeter password={form.values.password} className="mt-2" />
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={(form.invalid && form.dirty) || updating}>
        {updating && <Spinner />}
        Register
      </button>
    </form>
  );
}

export function RegisterDialog() {
  const { registerOpen, mode, store } = useAuth();
  const enabled = useAuthSettings();
  const titleId = useId();
  const effective: 'OTP' | 'Legacy' =
    mode === 'OTP' && enabled.otp ? 'OTP' : enabled.legacy || !enabled.otp ? 'Legacy' : 'OTP';
  const body = useFocusOnModeSwitch(registerOpen, effective);
  return (
    <Modal
      open={registerOpen}
      onClose={() => {
        if (store.getState().registerOpen) store.closeDialogs();
      }}
      title="Register"
      titleId={titleId}
      testId="register-dialog"
    >
      <div ref={body} data-auth-mode={effective}>
        <p className="mt-1.5 mb-6 text-sm text-muted">
          {effective === 'OTP'
            ? 'Create your account with your mobile number.'
            : 'Create your account to track orders, save addresses and keep a wishlist.'}
        </p>
        {effective === 'OTP' ? <OtpFlow key="otp" type="register" /> : <LegacyRegisterForm key="legacy" />}
        {(effective === 'OTP' ? enabled.legacy : enabled.otp) && (
          <>
            <Divider />
            {effective === 'OTP' ? (
              <SwitchButton onClick={() => store.setMode('Legacy')}>Register with Email</SwitchButton>
            ) : (
              <SwitchButton onClick={() => store.setMode('OTP')}>Register with OTP</SwitchButton>
            )}
          </>
        )}
        <p className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm">
          <span className="text-muted">Already have an account?</span>
          <button type="button" onClick={() => store.openLogin()} className={linkButton}>
            LOGIN NOW
          </button>
        </p>
        <LegalNote action="creating an account" />
      </div>
    </Modal>
  );
}

/** Both auth dialogs, once per page; they open from the auth store (header icon, guards, wishlist). */
export function AuthDialogs() {
  const enabled = useAuthSettings();
  return (
    <>
      <LoginDialog />
      {enabled.register && <RegisterDialog />}
    </>
  );
}
