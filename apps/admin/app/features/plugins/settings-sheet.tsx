import { useMemo, useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, PLUGIN_CONFIG_SCHEMAS, adminApi, type AdminPlugin, type PluginName } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { call, errorText } from '../../lib/api';
import { sharedSchemaOf } from '../../lib/form';
import { success } from '../../lib/toast';
import { Sheet, SheetButtons } from '../orders/sheet';
import { LongTextInput, NumberInput, SelectInput, SwitchInput } from '../setup/fields';
import { configFields, configValues, toConfig, type ConfigField, type ConfigValue } from './config-fields';

type Values = Record<string, ConfigValue>;

/**
 * A plugin's settings (a sheet on a phone, a dialog on a desk), generated from its config schema:
 * checked as typed with that schema, saved with PUT /api/admin/plugins/{name} (which installs a
 * plugin not yet installed), the server's 422 messages at their fields.
 */
export default function PluginSettingsSheet({
  plugin,
  onClose,
  onSaved,
  queryKey,
}: {
  plugin: AdminPlugin;
  onClose: () => void;
  /** The settings were saved (the screen's preview reloads to show them). */
  onSaved?: () => void;
  queryKey: readonly unknown[];
}) {
  const qc = useQueryClient();
  const name = plugin.name as PluginName;
  const fields = useMemo(() => configFields(PLUGIN_CONFIG_SCHEMAS[name]), [name]);
  const form = useForm<Values>({
    defaultValues: configValues(fields, plugin.config),
    resolver: sharedSchemaOf<Values>(
      (s) => s.PLUGIN_CONFIG_SCHEMAS[name],
      (values) => toConfig(fields, values),
    ),
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await call(adminApi.installPlugin, {
        params: { name: plugin.name },
        body: { config: toConfig(fields, values) },
      });
      await qc.invalidateQueries({ queryKey });
      void success(res.message ?? 'Plugin configuration saved', plugin.label);
      onSaved?.();
      onClose();
    } catch (err) {
      // The server names a setting as config.<key>.
      let placed = false;
      if (err instanceof ApiError) {
        for (const [path, list] of Object.entries(err.errors)) {
          const key = path.replace(/^config\./, '');
          if (list[0] && fields.some((f) => f.key === key)) {
            form.setError(key, { type: 'server', message: list[0] }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(errorText(err));
    }
  });

  return (
    <Sheet title={`${plugin.label}: settings`} isOpen onClose={onClose} testId="plugin-settings">
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={`${plugin.label} settings`}>
        <p className="text-sm text-muted">{plugin.description}</p>
        {fields.map((f) => (
          <ConfigInput key={f.key} field={f} control={form.control} />
        ))}
        {formError && <FormMessage>{formError}</FormMessage>}
        <SheetButtons>
          <Button onPress={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" isDisabled={form.formState.isSubmitting} data-testid="plugin-save">
            {form.formState.isSubmitting ? 'Saving…' : plugin.installed ? 'Save' : 'Install'}
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}

/** One setting's field, by its kind. */
function ConfigInput({ field: f, control }: { field: ConfigField; control: Control<Values> }) {
  const description = f.optional && !f.description ? 'Optional.' : f.description;
  const common = { control, name: f.key, label: f.label, description };
  switch (f.kind) {
    case 'boolean':
      return <SwitchInput {...common} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'enum':
      return <SelectInput {...common} options={(f.options ?? []).map((o) => ({ value: o, label: o }))} />;
    case 'longtext':
      return <LongTextInput {...common} rows={3} mono={false} />;
    default:
      return (
        <TextField
          {...common}
          type={f.kind === 'email' ? 'email' : f.kind === 'url' ? 'url' : 'text'}
          autoComplete="off"
        />
      );
  }
}
