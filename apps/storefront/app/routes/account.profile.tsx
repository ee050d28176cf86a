import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  OtpRequestBodySchema,
  isPhoneVerified,
  updateProfileBodySchema,
  type UpdateProfileBody,
} from '@shopfront/shared';
import type { Route } from './+types/account.profile';
import { TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { AccountSection, SectionCard } from '../features/account/section';
import { useSignedInAccount } from '../features/account/use-account';
import { VerifyPhoneDialog } from '../features/account/verify-phone-dialog';
import { accountApi, reportFailure } from '../features/auth/auth-api';
import { PhoneInput } from '../features/auth/phone-input';
import { useSchemaForm } from '../features/auth/use-schema-form';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Profile' }), { name: 'robots', content: 'noindex' }];
}

export default function AccountProfile() {
  const account = useSignedInAccount();
  const { storefront } = useShop();
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
  const [verifying, setVerifying] = useState(false);

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

  const phone = form.values.phone;
  const verified = isPhoneVerified(account, phone);
  const phoneValid = OtpRequestBodySchema.shape.input.safeParse(phone).success;

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
            <TextField
              id={`${uid}-first`}
              label="First name"
              autoComplete="given-name"
              value={form.values.first_name}
              onValue={(v) => form.setValue('first_name', v)}
              onBlur={() => form.touch('first_name')}
              error={form.errors.first_name}
            />
            <TextField
              id={`${uid}-last`}
              label="Last name"
              autoComplete="family-name"
              value={form.values.last_name}
              onValue={(v) => form.setValue('last_name', v)}
              onBlur={() => form.touch('last_name')}
              error={form.errors.last_name}
            />
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              id={`${uid}-email`}
              label="Email address"
              type="email"
              autoComplete="email"
              value={form.values.email}
              onValue={(v) => form.setValue('email', v)}
              onBlur={() => form.touch('email')}
              error={form.errors.email}
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
                  phone
                    ? {
                        verified,
                        // The popup verifies the number in the field (and stores it, verified).
                        disabled: !phoneValid || Boolean(form.errors.phone),
                        onVerify: () => setVerifying(true),
                      }
                    : null
                }
              />
            </div>
          </div>
          <div className="flex flex-col-reverse gap-3 border-t border-ink/10 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted">
              {verified ? 'Your mobile number is verified.' : 'Verify your mobile number to get order updates by SMS.'}
            </p>
            <button
              type="submit"
              className="btn btn-primary w-full sm:w-auto"
              disabled={(form.invalid && form.dirty) || saving}
            >
              {saving && <Spinner />}
              SAVE CHANGES
            </button>
          </div>
        </form>
      </SectionCard>
      <VerifyPhoneDialog
        open={verifying}
        phone={phone}
        mobileCode={country.mobile_code}
        onClose={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          void revalidator.revalidate();
        }}
      />
    </AccountSection>
  );
}
