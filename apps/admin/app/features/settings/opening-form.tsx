import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, type AdminStorefront, type StorefrontPatch } from '@shopfront/shared';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { sharedSchemaOf } from '../../lib/form';
import { savedToast } from '../../lib/undo';
import { SwitchInput } from '../setup/fields';
import { SettingsSaveBar, useSettingsSave } from './settings-save-bar';
import { STOREFRONT_KEY } from './storefront-query';

interface Values {
  /** '' for open. */
  mode: '' | 'Coming Soon' | 'Under Maintenance';
  is_password_protection_enabled: boolean;
  /** A new store password; empty keeps the one set. */
  password: string;
  /** Search engines may list the shop (robots.txt, the sitemap and each page's robots tag follow it). */
  enable_indexing: boolean;
}
const FIELDS = ['mode', 'is_password_protection_enabled', 'password', 'enable_indexing'] as const;

const MODES: { value: Values['mode']; title: string; what: string }[] = [
  { value: '', title: 'Open', what: 'Shoppers browse and buy.' },
  {
    value: 'Coming Soon',
    title: 'Coming Soon',
    what: 'Every page shows that the shop opens soon; visitors may leave their e-mail to be told.',
  },
  {
    value: 'Under Maintenance',
    title: 'Under Maintenance',
    what: 'Every page says the shop is closed for a while; visitors may leave their e-mail.',
  },
];

const toValues = (s: AdminStorefront): Values => ({
  mode: s.mode ?? '',
  is_password_protection_enabled: s.is_password_protection_enabled,
  password: '',
  enable_indexing: s.enable_indexing,
});

function toBody(values: Values, saved?: AdminStorefront): StorefrontPatch {
  const body: StorefrontPatch = {};
  const mode = values.mode === '' ? null : values.mode;
  if (!saved || mode !== saved.mode) body.mode = mode;
  if (!saved || values.is_password_protection_enabled !== saved.is_password_protection_enabled)
    body.is_password_protection_enabled = values.is_password_protection_enabled;
  if (values.password !== '') body.password = values.password;
  if (!saved || values.enable_indexing !== saved.enable_indexing) body.enable_indexing = values.enable_indexing;
  return body;
}

/**
 * Whether the shop is open, Coming Soon or Under Maintenance, its store password and whether
 * search engines may list it (PATCH /api/admin/storefront): the password is write-only, a new
 * one signs every visitor out.
 */
export default function OpeningForm({ saved }: { saved: AdminStorefront }) {
  const qc = useQueryClient();
  const form = useForm<Values>({
    defaultValues: toValues(saved),
    resolver: sharedSchemaOf<Values>(
      (s) => s.StorefrontPatchSchema,
      (values) => toBody(values),
    ),
    mode: 'onTouched',
  });
  const values = useMemo(() => toValues(saved), [saved]);
  const { submit, bar } = useSettingsSave(form, {
    values,
    fields: FIELDS,
    leaveMessage: 'Leave without saving whether the shop is open?',
    save: async (typed) => {
      const body = toBody(typed, saved);
      if (Object.keys(body).length === 0) return null;
      const res = await call(adminApi.updateStorefront, { body });
      qc.setQueryData(STOREFRONT_KEY, res.data);
      savedToast(qc, res.message ?? 'Storefront settings saved', { offer: res.undo, refresh: [STOREFRONT_KEY] });
      return toValues(res.data);
    },
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="settings-opening">
      <div className="card space-y-5 p-4 sm:p-5">
        <ModeChoice control={form.control} />
        <p className="text-sm text-muted">
          Visitors who left their e-mail are under{' '}
          <Link to="/signups" className="font-medium text-ink underline underline-offset-2">
            Sign-ups
          </Link>
          .
        </p>
      </div>
      <div className="card space-y-5 p-4 sm:p-5">
        <SwitchInput
          control={form.control}
          name="is_password_protection_enabled"
          label="Store password"
          description="Only visitors who type the password see the shop (a preview for friends, a private sale)."
        />
        <TextField
          control={form.control}
          name="password"
          type="password"
          autoComplete="new-password"
          label={saved.has_password ? 'New store password' : 'Store password'}
          description={
            saved.has_password
              ? 'A password is set. Leave this empty to keep it; a new one signs every visitor out.'
              : 'At least 6 characters, not a common one.'
          }
        />
      </div>
      <div className="card p-4 sm:p-5">
        <SwitchInput
          control={form.control}
          name="enable_indexing"
          label="Search engines may list the shop"
          description="Off: Google and others are asked not to show its pages (robots.txt, the sitemap and every page say so). Turn it off for a test shop."
        />
      </div>
      <SettingsSaveBar {...bar} />
    </form>
  );
}

/** Open, Coming Soon or Under Maintenance: a radio group of cards, each saying what shoppers see. */
function ModeChoice({ control }: { control: Control<Values> }) {
  const id = useId();
  const current = useWatch({ control, name: 'mode' });
  return (
    <Controller
      control={control}
      name="mode"
      render={({ field, fieldState }) => (
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-m`}>
          <legend className="mb-1 text-sm font-medium">What shoppers see</legend>
          {MODES.map((m, i) => (
            <label
              key={m.title}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-stone-50 has-[:checked]:ring-1 has-[:checked]:ring-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-stone-800"
            >
              <input
                type="radio"
                name={field.name}
                ref={i === 0 ? field.ref : undefined}
                value={m.value}
                checked={current === m.value}
                onChange={() => field.onChange(m.value)}
                onBlur={field.onBlur}
                className="mt-1 size-5 accent-stone-800"
              />
              <span>
                <span className="block font-medium">{m.title}</span>
                <span className="block text-sm text-muted">{m.what}</span>
              </span>
            </label>
          ))}
          <p id={`${id}-m`} className="text-sm font-medium text-red-700">
            {fieldState.error?.message}
          </p>
        </fieldset>
      )}
    />
  );
}
