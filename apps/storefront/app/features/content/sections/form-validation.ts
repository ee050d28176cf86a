import { formSubmissionSchema, messagesByField, type FormField } from '@shopfront/shared';

/**
 * The form section's check in the browser, with the API's own messages. Loaded on its own after
 * the page is up (it brings zod), so pages without a form, or shoppers who never submit, do not
 * pay for it; until it has loaded the server's answer shows the same errors.
 */
export function validateFormSubmission(
  fields: FormField[],
  values: Record<string, unknown>,
): Record<string, string[]> | null {
  const parsed = formSubmissionSchema(fields).safeParse(values);
  if (parsed.success) return null;
  return messagesByField(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message] as const));
}
