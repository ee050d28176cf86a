import { useId, useMemo, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  accountApi,
  accountOtpGenerateBodySchema,
  callEndpoint,
  isEmailVerified,
  isPhoneVerified,
  updateProfileBodySchema,
  verificationTypes,
  type UpdateProfileBody,
  type VerifyType,
} from '@shopfront/shared';
import type { Route } from './+types/account.profile';
import { FieldFrame, PasswordField, TextField, describedBy, inputBorder } from '../components/ui/field';
import { ContactCodeField } from '../features/account/contact-code-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { VerifyAccountDialog } from '../features/account/verify-account-dialog';
import { reportFailure } from '../features/auth/auth-api';
import { PhoneInput } from '../features/auth/phone-input';
import { useSchemaForm } from '../features/auth/use-schema-form';
import { browserTransport } from '../lib/api.client';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';
import { VerifyBadge, type VerifyBadgeProps } from '../components/ui/verify-badge';

/** The form's values: the payload's optional proofs are plain strings here ('' = not given). */
type ProfileValues = Required<{ [K in keyof UpdateProfileBody]: string }>;

/** The stored fields the form edits (the proofs are not stored). */
const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;

/** New contacts waiting for the code update-profile sent to them. */
type Pending = Record<VerifyType, string | null>;

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Profile' }), { name: 'robots', content: 'noindex' }];
}

/** The e-mail field with the Verify / Verified badge inside its box (like the phone input's). */
function EmailField({
  id,
  value,
  onValue,
  onBlur,
  error,
  badge,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  badge: VerifyBadgeProps | null;
}) {
  if (!badge) {
    return (
      <TextField
        id={id}
        label="Email address"
        type="email"
        autoComplete="email"
        value={value}
        onValue={onValue}
        onBlur={onBlur}
        error={error}
      />
    );
  }
  return (
    <FieldFrame id={id} label="Email address" error={error}>
      <div
        className={`flex h-12 items-stretch overflow-hidden rounded-xl border bg-background focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20 ${inputBorder(error)}`}
      >
        <input
          id={id}
          type="email"
          autoComplete="email"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className="min-w-0 flex-1 bg-transparent px-4 text-[15px] text-ink placeholder:text-muted/70 focus:outline-none"
        />
        <VerifyBadge kind="email" {...badge} />
      </div>
    </FieldFrame>
  );
}

/** The line under the form: what is verified, or what to verify and why. */
function verificationNote(verifies: VerifyType[], verified: Record<VerifyType, boolean>): string {
  const label = { phone: 'mobile number', email: 'e-mail address' } as const;
  const open = verifies.filter((v) => !verified[v]);
  if (verifies.length === 0) return '';
  if (open.length === 0) {
    return verifies.length === 2
      ? 'Your e-mail address and mobile number are verified.'
      : `Your ${label[verifies[0]!]} is verified.`;
  }
  if (open.length === 2) return 'Verify your e-mail address and mobile number to get order updates.';
  return open[0] === 'phone'
    ? 'Verify your mobile number to get order updates by SMS.'
    : 'Verify your e-mail address to get order updates by e-mail.';
}

export default function AccountProfile() {
  const account = useSignedInAccount();
  const { storefront, settings } = useShop();
  const country = storefront.channel.country;
  const revalidator = useRevalidator();
  const uid = useId();
  const schema = useMemo(() => updateProfileBodySchema(country.mobile_number_length), [country.mobile_number_length]);
  const saved: ProfileValues = {
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email ?? '',
    phone: account.phone ?? '',
    current_password: '',
    otp: '',
  };
  const form = useSchemaForm<ProfileValues>(schema, saved);
  const [saving, setSaving] = useState(false);
  const [verifying, setVerifying] = useState<VerifyType | null>(null);
  const [pending, setPending] = useState<Pending>({ email: null, phone: null });

  // After a save or a verification the account reloads: the stored values become the new
  // starting point, and a field the shopper is still editing keeps the edit (adjusted while
  // rendering, so the old values are never painted).
  const [before, setBefore] = useState(saved);
  if (PROFILE_FIELDS.some((k) => saved[k] !== before[k])) {
    setBefore(saved);
    const merged = { ...saved };
    for (const k of PROFILE_FIELDS) {
      if (form.values[k] !== before[k]) merged[k] = form.values[k];
    }
    form.reset(saved, merged);
  }

  // Store setting account_verification_for decides which badges show ('none': neither).
  const verifies = verificationTypes(settings.account_verification_for);
  const popup = useMemo(
    () => accountOtpGenerateBodySchema(country.mobile_number_length),
    [country.mobile_number_length],
  );
  const phone = form.values.phone;
  const email = form.values.email.trim().toLowerCase();
  const verified = { phone: isPhoneVerified(account, phone), email: isEmailVerified(account, email) };
  // A new e-mail or phone needs the owner's proof and then a code sent to it (ADR 0011): the badge
  // only verifies what is stored, and the proof field shows while either differs.
  const changed = { email: email !== (account.email ?? ''), phone: phone !== (account.phone ?? '') };
  const needsProof = changed.email || changed.phone;
  const phoneValid = popup.safeParse({ input: phone, type: 'phone' }).success;
  const emailValid = popup.safeParse({ input: email, type: 'email' }).success;
  const note = verificationNote(verifies, verified);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = form.validate() as UpdateProfileBody | null;
    if (!parsed) return;
    const { current_password, otp, ...body } = parsed;
    setSaving(true);
    try {
      const { data, message } = await callEndpoint(browserTransport, accountApi.updateProfile, {
        body: {
          ...body,
          ...(needsProof && current_password ? { current_password } : {}),
          ...(needsProof && otp ? { otp } : {}),
        },
      });
      toast.success(message ?? 'Profile updated');
      form.setValue('current_password', '');
      form.setValue('otp', '');
      setPending(data.pending);
      if (data.pending.email) setVerifying('email');
      else if (data.pending.phone) setVerifying('phone');
      await revalidator.revalidate();
    } catch (err) {
      reportFailure(err, {
        fields: ['first_name', 'last_name', 'email', 'phone', 'current_password', 'otp'],
        setErrors: form.setErrors,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountSection title="Profile" description="Edit your profile">
      <SectionCard title="Personal details" description="Your name and how we reach you about your orders.">
        <form onSubmit={onSubmit} noValidate className="space-y-5" data-account-form="profile">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField id={`${uid}-first`} label="First name" autoComplete="given-name" {...form.field('first_name')} />
            <TextField id={`${uid}-last`} label="Last name" autoComplete="family-name" {...form.field('last_name')} />
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <EmailField
              id={`${uid}-email`}
              {...form.field('email')}
              badge={
                verifies.includes('email') && email && !changed.email
                  ? {
                      verified: verified.email,
                      // Like the phone: the popup verifies the address in the field (and stores it).
                      disabled: !emailValid || Boolean(form.errors.email),
                      onVerify: () => setVerifying('email'),
                    }
                  : null
              }
            />
            <div>
              <PhoneInput
                id={`${uid}-phone`}
                label="Mobile number"
                value={phone}
                onValue={(v) => form.setValue('phone', v)}
                onBlur={() => form.touch('phone')}
                mobileCode={country.mobile_code}
                length={country.mobile_number_length}
                error={form.errors.phone}
                badge={
                  verifies.includes('phone') && phone && !changed.phone
                    ? {
                        verified: verified.phone,
                        // The popup verifies the number in the field (and stores it, verified).
                        disabled: !phoneValid || Boolean(form.errors.phone),
                        onVerify: () => setVerifying('phone'),
                      }
                    : null
                }
              />
            </div>
          </div>
          {needsProof && (
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2" data-profile-proof>
              {account.has_password ? (
                <PasswordField
                  id={`${uid}-current`}
                  label="Current password"
                  autoComplete="current-password"
                  hint="Needed to change your e-mail address or mobile number. We then send a code to the new one."
                  {...form.field('current_password')}
                />
              ) : (
                <ContactCodeField id={`${uid}-code`} button="Save changes" {...form.field('otp')} />
              )}
            </div>
          )}
          {(pending.email || pending.phone) && verifying === null && (
            <p className="text-sm text-muted" data-profile-pending>
              Waiting for the code we sent to {pending.email ?? `${country.mobile_code} ${pending.phone}`}.{' '}
              <button
                type="button"
                className="font-semibold text-primary underline underline-offset-2"
                onClick={() => setVerifying(pending.email ? 'email' : 'phone')}
              >
                Enter code
              </button>
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-ink/10 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {note && (
              <p className="text-xs text-muted" data-verification-note>
                {note}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary w-full sm:ml-auto sm:w-auto"
              disabled={(form.invalid && form.dirty) || saving}
            >
              {saving && <Spinner />}
              Save changes
            </button>
          </div>
        </form>
      </SectionCard>
      <VerifyAccountDialog
        open={verifying !== null}
        type={verifying ?? 'phone'}
        input={(verifying && pending[verifying]) ?? (verifying === 'email' ? email : phone)}
        alreadySent={verifying !== null && pending[verifying] !== null}
        mobileCode={country.mobile_code}
        onClose={() => setVerifying(null)}
        onVerified={() => {
          const next = verifying === 'email' && pending.phone ? 'phone' : null;
          setPending((p) => (verifying ? { ...p, [verifying]: null } : p));
          setVerifying(next);
          void revalidator.revalidate();
        }}
      />
    </AccountSection>
  );
}
