import type { StoreSettings, StoreSettingsPatch } from '@shopfront/shared';
import type { SettingsGroup } from './groups';

/** A group's form: switches are booleans, days a number (null while empty or not a number), the rest text. */
export type SettingsValues = Record<string, string | number | boolean | null>;

/** The form's values from the saved settings (a setting never saved is off, or empty). */
export function toValues(group: SettingsGroup, saved: Partial<StoreSettings>): SettingsValues {
  const values: SettingsValues = {};
  for (const f of group.fields) {
    const v = saved[f.key];
    if (f.kind === 'switch') values[f.key] = v === true;
    else if (f.kind === 'days') values[f.key] = typeof v === 'number' ? v : null;
    else values[f.key] = typeof v === 'string' ? v : '';
  }
  return values;
}

/** What the form asks to save: an empty optional text is "none" (null). */
export function toBody(group: SettingsGroup, values: SettingsValues): StoreSettingsPatch {
  const body: Record<string, unknown> = {};
  for (const f of group.fields) {
    const v = values[f.key];
    body[f.key] = f.optional && typeof v === 'string' && v.trim() === '' ? null : v;
  }
  return body as StoreSettingsPatch;
}

/** Only the keys whose value differs from the saved one: a save touches nothing else (and writes no audit of it). */
export function changedBody(
  group: SettingsGroup,
  values: SettingsValues,
  saved: Partial<StoreSettings>,
): StoreSettingsPatch {
  const body = toBody(group, values) as Record<string, unknown>;
  const savedBody = toBody(group, toValues(group, saved)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== savedBody[k])) as StoreSettingsPatch;
}
