import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** First message per top-level field of a failed zod parse. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

export interface SchemaForm<V extends Record<string, unknown>> {
  values: V;
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Errors shown beside the fields (client validation or the server's 422 answer). */
  errors: FieldErrors<V>;
  setErrors: (errors: Record<string, string>) => void;
  /** Marks a field as visited, so its error shows (only in `change` mode). */
  touch: (name: keyof V & string) => void;
  dirty: boolean;
  /** True when the form currently counts as invalid (see `validateOn`). */
  invalid: boolean;
  /** Validates everything, shows every error; answers the parsed payload or null. */
  validate: () => z.infer<z.ZodType> | null;
  /** Starts again from `next` (default: the initial values); `values` keeps edits on top of it. */
  reset: (next?: V, values?: V) => void;
  /** The props that tie one text field to the form: value, onValue, onBlur (touch) and error. */
  field: <K extends StringKeys<V>>(name: K) => BoundField;
}

/** Keys of V whose values are strings: the ones a text field can edit. */
type StringKeys<V> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

export interface BoundField {
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * Form state validated with a shared zod schema, so the storefront shows exactly the messages
 * the API would answer.
 * - `change` (login, forgot password): validity is live; a field's error shows once it was
 *   edited and left, or the form was submitted.
 * - `submit` (legacy register, spec section 5): nothing is checked while typing; submitting
 *   shows the errors, and editing a field only clears its own error until the next submit.
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  schema: z.ZodType,
  initial: V,
  validateOn: 'change' | 'submit' = 'change',
): SchemaForm<V> {
  const [initialValues, setInitialValues] = useState(initial);
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);

  const live = useMemo(() => {
    if (validateOn !== 'change') return null;
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : issuesByField(parsed.error);
  }, [schema, values, validateOn]);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // A server error (or a submit-time error) belongs to the value it was given for.
    setShown((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _gone, ...rest } = prev;
      return rest;
    });
  }, []);

  const errors = useMemo(() => {
    if (validateOn === 'submit' || !live) return shown as FieldErrors<V>;
    const visible: Record<string, string> = {};
    for (const [k, m] of Object.entries(live)) if (submitted || touched[k]) visible[k] = m;
    return { ...visible, ...shown } as FieldErrors<V>;
  }, [live, shown, submitted, touched, validateOn]);

  const dirty = useMemo(() => Object.keys(values).some((k) => values[k] !== initialValues[k]), [values, initialValues]);

  // `change`: the live check decides (a server answer such as "credentials do not match" is
  // shown, but must not lock the button: the shopper fixes the other field and retries).
  // `submit`: what the last submit found, until those fields are edited.
  const invalid = validateOn === 'change' ? Object.keys(live ?? {}).length > 0 : Object.keys(shown).length > 0;

  const validate = useCallback(() => {
    setSubmitted(true);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setShown({});
      return parsed.data;
    }
    setShown(issuesByField(parsed.error));
    return null;
  }, [schema, values]);

  const reset = useCallback(
    (next?: V, current?: V) => {
      const base = next ?? initial;
      setInitialValues(base);
      setValues(current ?? base);
      setShown({});
      setTouched({});
      setSubmitted(false);
    },
    [initial],
  );

  const touch = (name: keyof V & string) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));

  return {
    values,
    setValue,
    errors,
    setErrors: setShown,
    touch,
    field: (name) => ({
      value: values[name] as string,
      onValue: (v: string) => setValue(name, v as V[typeof name]),
      // Passing through a field without typing (or clicking away from a field that took focus
      // by itself) is not a mistake yet: its error waits for the submit. Showing it on that blur
      // would also shift the layout under the click that caused it.
      onBlur: () => {
        if (values[name] !== initialValues[name]) touch(name);
      },
      error: errors[name],
    }),
    dirty,
    invalid,
    validate,
    reset,
  };
}
