import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { adminApi, roleMayUse, type BodyOf } from '@shopfront/shared';

type StaffPasswordBody = BodyOf<typeof adminApi.changePassword>;
import { Button } from '../components/ui/button';
import { FormMessage } from '../components/ui/form-message';
import { PageHeader } from '../components/ui/states';
import { TextField } from '../components/ui/text-field';
import { useMe } from '../features/auth/me';
import { signOut } from '../features/auth/sign-out';
import { call, errorText } from '../lib/api';
import { applyApiError, sharedSchema } from '../lib/form';
import { roleLabel } from '../lib/nav';
import { failure, success } from '../lib/toast';

export const meta = () => [{ title: 'Your account · Shop admin' }];

/** Web Push on this device: its own chunk, loaded only here (and only for roles that get order alerts). */
const DeviceNotifications = lazy(() => import('../features/push/device-notifications'));

/** Your account: who you are, a new password (PUT /api/admin/auth/password), sign out. */
export default function Account() {
  const me = useMe().data!;
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<StaffPasswordBody>({
    resolver: sharedSchema((s) => s.StaffPasswordBodySchema),
    defaultValues: { current_password: '', password: '' },
  });
  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { message } = await call(adminApi.changePassword, { body });
      reset();
      void success(message ?? 'Password changed');
    } catch (err) {
      setFormError(applyApiError(err, ['current_password', 'password'], setError));
    }
  });
  return (
    <>
      <PageHeader title="Your account" />
      <section className="card p-5" aria-labelledby="who">
        <h2 id="who" className="sr-only">
          Signed in as
        </h2>
        <p className="font-medium">{me.name}</p>
        <p className="text-sm text-muted">
          {me.email} · {roleLabel(me.role)}
        </p>
      </section>
      {roleMayUse(me.role, 'orders') && (
        <Suspense fallback={null}>
          <DeviceNotifications />
        </Suspense>
      )}
      <section className="card mt-4 p-5" aria-labelledby="pw">
        <h2 id="pw" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-muted">Your other sessions are signed out when it changes.</p>
        <form onSubmit={submit} noValidate className="mt-4 max-w-sm space-y-4" data-testid="password-form">
          {formError && <FormMessage>{formError}</FormMessage>}
          <TextField
            control={control}
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            control={control}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            description="At least 10 characters, not a common one."
          />
          <Button type="submit" variant="primary" isDisabled={formState.isSubmitting} className="w-full sm:w-auto">
            Change password
          </Button>
        </form>
      </section>
      <section className="card mt-4 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">Done for now? Sign out on shared devices.</p>
        <Button
          variant="outline"
          onPress={() => signOut(navigate).catch((err) => failure(errorText(err)))}
          className="w-full sm:w-auto"
        >
          Sign out
        </Button>
      </section>
    </>
  );
}
