import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@shopfront/shared';
import { errorText } from './api';

type Schemas = typeof import('./schemas');

/**
 * A react-hook-form resolver over one of the shared zod schemas, loaded on the first check: zod
 * and the resolver stay out of the first screen's JavaScript (ADR 0034).
 */
export function sharedSchema<T extends FieldValues>(pick: (s: Schemas) => Schemas[keyof Schemas]): Resolver<T> {
  return async (values, context, options) => {
    const [schemas, { zodResolver }] = await Promise.all([import('./schemas'), import('@hookform/resolvers/zod')]);
    // The shared schemas are zod 4 objects; the resolver takes them as they are.
    const resolver = zodResolver(pick(schemas) as never) as unknown as Resolver<T>;
    return resolver(values, context, options);
  };
}

/**
 * Puts an API failure on the form: each 422 field message beside its field (when the form has
 * it), everything else as the form's own message. Returns the form-level text, or null.
 */
export function applyApiError<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(err instanceof ApiError)) return errorText(err);
  let placed = false;
  for (const [key, list] of Object.entries(err.errors)) {
    if (fields.includes(key as Path<T>) && list[0]) {
      setError(key as Path<T>, { type: 'server', message: list[0] }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? null : err.message;
}

/** What `sharedSchemaOf` needs of a schema: zod's safeParse. */
interface Checker {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A resolver that checks what the form will send (`toBody(values)`, e.g. only the changed keys,
 * an empty optional text as null) with a shared schema, loaded on the first check, and puts each
 * issue's message on the field its path names. The form keeps its own values.
 */
export function sharedSchemaOf<T extends FieldValues>(
  pick: (s: Schemas) => Checker,
  toBody: (values: T) => unknown,
): Resolver<T> {
  return async (values) => {
    const result = pick(await import('./schemas')).safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path.map(String).join('.');
      if (path && !errors[path]) errors[path] = { type: 'validation', message: issue.message };
    }
    // An issue of the whole body (none of the form's fields) is left to the server to answer.
    return Object.keys(errors).length > 0 ? ({ values: {}, errors } as never) : { values, errors: {} };
  };
}
