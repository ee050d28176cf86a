import { messages } from '@shopfront/shared';

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
export function ok<T>(data: T, message?: string): { status: 'success'; data: T; message?: string } {
  return message === undefined ? { status: 'success', data } : { status: 'success', message, data };
}
