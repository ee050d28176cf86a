import { useMemo } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, type StoreSettings } from '@shopfront/shared';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { sharedSchemaOf } from '../../lib/form';
import { SETTINGS_KEYS } from '../../lib/store-mode';
import { savedToast } from '../../lib/undo';
import { useChannels } from '../../lib/channels';
import { LongTextInput, NumberInput, SelectInput, SwitchInput } from '../setup/fields';
import { changedBody, toBody, toValues, type SettingsValues } from './form-model';
import type { SettingField, SettingsGroup } from './groups';
import { SettingsSaveBar, useSettingsSave } from './settings-save-bar';

/**
 * One group of store settings: checked with the shared schema as typed, only what changed sent,
 * saved with PATCH /api/admin/settings, whose 422 messages land at their
 * fields. A save bar under the thumb, a question before leaving unsaved changes, a toast with Undo.
 */
export default function SettingsForm({
  group,
  saved,
  isOwner,
}: {
  group: SettingsGroup;
  saved: Partial<StoreSettings>;
  isOwner: boolean;
}) {
  const qc = useQueryClient();
  const form = useForm<SettingsValues>({
    defaultValues: toValues(group, saved),
    resolver: sharedSchemaOf<SettingsValues>(
      (s) => s.StoreSettingsPatchSchema,
      (values) => toBody(group, values),
    ),
    mode: 'onTouched',
  });
  const values = useMemo(() => toValues(group, saved), [group, saved]);
  const { submit, bar } = useSettingsSave(form, {
    values,
    fields: group.fields.map((f) => f.key),
    leaveMessage: `Leave ${group.title.toLowerCase()} without saving your changes?`,
    save: async (typed) => {
      const body = changedBody(group, typed, saved);
      if (Object.keys(body).length === 0) return null;
      const res = await call(adminApi.updateSettings, { body });
      qc.setQueryData(SETTINGS_KEYS[0], res.data);
      void qc.invalidateQueries({ queryKey: SETTINGS_KEYS[1] });
      savedToast(qc, res.message ?? 'Store settings saved', {
        description: group.title,
        offer: res.undo,
        refresh: SETTINGS_KEYS,
      });
      return toValues(group, res.data);
    },
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={`settings-${group.slug}`}>
      <div className="card space-y-5 p-4 sm:p-5">
        {group.fields.map((f) => (
          <Field key={f.key} field={f} control={form.control} readOnly={Boolean(f.ownerOnly) && !isOwner} />
        ))}
      </div>
      <SettingsSaveBar {...bar} />
    </form>
  );
}

function Field({
  field: f,
  control,
  readOnly,
}: {
  field: SettingField;
  control: Control<SettingsValues>;
  readOnly: boolean;
}) {
  const common = { control, name: f.key, label: f.label, description: f.description };
  switch (f.kind) {
    case 'switch':
      return <SwitchInput {...common} />;
    case 'days':
      return <NumberInput {...common} suffix="days" />;
    case 'choice':
      return <SelectInput {...common} options={f.options ?? []} />;
    case 'channel':
      return <ChannelInput {...common} />;
    case 'longtext':
      return <LongTextInput {...common} rows={3} mono={false} />;
    default:
      return (
        <TextField
          {...common}
          type={f.kind === 'email' ? 'email' : f.kind === 'url' ? 'url' : 'text'}
          autoComplete="off"
          isDisabled={readOnly}
          description={readOnly ? `${f.description ?? ''} Only the owner can change it.`.trim() : f.description}
        />
      );
  }
}

/** The default channel, picked from the shop's channels by name (its id is what is saved). */
function ChannelInput(props: { control: Control<SettingsValues>; name: string; label: string; description?: string }) {
  const current = String(useWatch({ control: props.control, name: props.name }) ?? '');
  const channels = useChannels().data?.channels ?? [];
  const options = channels.map((c) => ({ value: c.id, label: `${c.name} (${c.currency.code})` }));
  // Until the list comes (or for a channel it no longer has), the saved id stays a choice.
  if (!options.some((o) => o.value === current)) options.unshift({ value: current, label: current || 'None' });
  return <SelectInput {...props} options={options} />;
}
