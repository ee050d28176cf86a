import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  accountOtpGenerateBodySchema,
  isEmailVerified,
  isPhoneVerified,
  updateProfileBodySchema,
  verificationTypes,
  type UpdateProfileBody,
  type VerifyType,
} from '@shopfront/shared';
import type { Route } from './+types/account.profile';
import { FieldFrame, TextField, describedBy, inputBorder } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { VerifyAccountDialog } from '../features/account/verify-account-dialog';
import { accountApi, reportFailure } from '../features/auth/auth-api';
import { PhoneInput } from '../features/auth/phone-input';
import { useSchemaForm } from '../features/auth/use-schema-form';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';
import { VerifyBadge, type VerifyBadgeProps } from '../components/ui/verify-badge';

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
  const saved: UpdateProfileBody = {
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email ?? '',
    phone: account.phone ?? '',
  };
  const form = useSchemaForm<UpdateProfileBody>(schema, saved);
  const [saving, setSaving] = useState(false);
  const [verifying, setVerifying] = useState<VerifyType | null>(null);

  // After a save or a verification the account reloads: the stored values become the new
  // starting point, and a field the shopper is still editing keeps the edit.
  const savedKey = JSON.stringify(saved);
  const previous = useRef(savedKey);
  const { reset, values } = form;
  useEffect(() => {
    if (previous.current === savedKey) return;
    const before = JSON.parse(previous.current) as UpdateProfileBody;
    const now = JSON.parse(savedKey) as UpdateProfileBody;
    previous.current = savedKey;
    const merged = { ...now };
    for (const k of Object.keys(now) as (keyof UpdateProfileBody)[]) {
      if (values[k] !== before[k]) merged[k] = values[k];
    }
    reset(now, merged);
    // Keyed on the stored values only: `values` is read as it is at that moment.
  }, [savedKey]);

  // Store setting account_verification_for decides which badges show ('none': neither).
  const verifies = verificationTypes(settings.account_verification_for);
  const popup = useMemo(
    () => accountOtpGenerateBodySchema(country.mobile_number_length),
    [country.mobile_number_length],
  );
  const phone = form.values.phone;
  const email = form.values.email.trim().toLowerCase();
  const verified = { phone: isPhoneVerified(account, phone), email: isEmailVerified(account, email) };
  const phoneValid = popup.safeParse({ input: phone, type: 'phone' }).success;
  const emailValid = popup.safeParse({ input: email, type: 'email' }).success;
  const note = verificationNote(verifies, verified);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate() as UpdateProfileBody | null;
    if (!body) return;
    setSaving(true);
    try {
      const { message } = await accountApi.updateProfile(body);
      toast.success(message ?? 'Profile updated');
      await revalidator.revalidate();
    } catch (err) {
      reportFailure(err, { fields: ['first_name', 'last_name', 'email', 'phone'], setErrors: form.setErrors });
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
                verifies.includes('email') && email
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
                  verifies.includes('phone') && phone
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
              SAVE CHANGES
            </button>
          </div>
        </form>
      </SectionCard>
      <VerifyAccountDialog
        open={verifying !== null}
        type={verifying ?? 'phone'}
        input={verifying === 'email' ? email : phone}
        mobileCode={country.mobile_code}
        onClose={() => setVerifying(null)}
        onVerified={() => {
          setVerifying(null);
          void revalidator.revalidate();
        }}
      />
    </AccountSection>
  );
}
