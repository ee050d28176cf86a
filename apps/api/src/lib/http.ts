import type { z } from 'zod';
import { issuesByField, messages, type UndoOffer } from '@shopfront/shared';

/** An error whose message is safe to show the client, with the HTTP status it answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = messages.notFound) => new HttpError(404, message);

/** The success envelope of spec section 7. */
export function ok<T>(
  data: T,
  message?: string,
  undo?: UndoOffer,
): { status: 'success'; data: T; message?: string; undo?: UndoOffer } {
  return {
    status: 'success',
    ...(message === undefined ? {} : { message }),
    data,
    ...(undo ? { undo } : {}),
  };
}

/** Parses `value` with `schema`, or throws 422 with the messages by field (as the route validator does). */
export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(422, messages.invalidData, issuesByField(result.error.issues));
}

/** 422 for one field, the message also as the envelope's message (shown when the form lacks the field). */
export const fieldError = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });
