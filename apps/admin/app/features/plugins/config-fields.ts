import type { z } from 'zod';

/**
 * A plugin's settings form, read from its config schema in the contract (PLUGIN_CONFIG_SCHEMAS):
 * one field per key, its kind from the zod type (text, e-mail, https address, whole number,
 * yes/no, one of a list), its label and help from the key's `meta`. A kind this does not know
 * is an error (config-fields.test.ts checks every plugin), never a raw JSON box.
 */

export type ConfigKind = 'text' | 'longtext' | 'email' | 'url' | 'number' | 'boolean' | 'enum';

export interface ConfigField {
  key: string;
  kind: ConfigKind;
  label: string;
  description?: string;
  /** Empty is allowed: the key is left out of the config. */
  optional: boolean;
  default?: unknown;
  options?: string[];
}

/** Texts this long or longer get a text area. */
const LONG_TEXT = 300;

interface Found {
  kind?: ConfigKind;
  title?: string;
  description?: string;
  optional: boolean;
  default?: unknown;
  options?: string[];
}

type Schema = z.core.$ZodType & { meta?: () => { title?: string; description?: string } | undefined };

function walk(schema: Schema, found: Found): Found {
  const meta = schema.meta?.();
  found.title ??= meta?.title;
  found.description ??= meta?.description;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'default':
      found.default = def.defaultValue;
      return walk(def.innerType as Schema, found);
    case 'optional':
      found.optional = true;
      return walk(def.innerType as Schema, found);
    case 'pipe': {
      // A text checked as an e-mail or an address, then maybe lower-cased: the format is the out side's.
      const out = def.out as Schema;
      const format = (out._zod.def as { format?: string }).format;
      if (format === 'email' || format === 'url') found.kind = format;
      return walk(def.in as Schema, found);
    }
    case 'string': {
      const format = (def as { format?: string }).format;
      found.kind ??=
        format === 'email' || format === 'url'
          ? format
          : ((schema as unknown as { maxLength: number | null }).maxLength ?? 0) >= LONG_TEXT
            ? 'longtext'
            : 'text';
      return found;
    }
    case 'number':
      found.kind = 'number';
      return found;
    case 'boolean':
      found.kind = 'boolean';
      return found;
    case 'enum':
      found.kind = 'enum';
      found.options = Object.values(def.entries as Record<string, string>);
      return found;
    default:
      throw new Error(`A plugin setting of type "${def.type}" has no field kind: add one to config-fields.ts`);
  }
}

/** "delay_minutes" → "Delay minutes", for a key without a title. */
const humanise = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

/** The fields of a plugin's config schema, in its order. */
export function configFields(schema: { shape: Record<string, unknown> }): ConfigField[] {
  return Object.entries(schema.shape).map(([key, s]) => {
    const found = walk(s as Schema, { optional: false });
    return {
      key,
      kind: found.kind!,
      label: found.title ?? humanise(key),
      description: found.description,
      optional: found.optional,
      ...('default' in found ? { default: found.default } : {}),
      ...(found.options ? { options: found.options } : {}),
    };
  });
}

/** A config field's value in the form: text, a number (null while empty), or a yes/no. */
export type ConfigValue = string | number | boolean | null;

/** The form's values: the saved config, else each key's default, else empty. */
export function configValues(fields: ConfigField[], saved: Record<string, unknown>): Record<string, ConfigValue> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = saved[f.key] ?? f.default;
      if (f.kind === 'boolean') return [f.key, v === true];
      if (f.kind === 'number') return [f.key, typeof v === 'number' ? v : null];
      return [f.key, typeof v === 'string' ? v : ''];
    }),
  );
}

/** The config to save: an optional field left empty is left out (its default, or none). */
export function toConfig(fields: ConfigField[], values: Record<string, ConfigValue>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.optional && (v === '' || v === null)) continue;
    config[f.key] = v;
  }
  return config;
}
