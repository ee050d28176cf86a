import type { FastifyInstance } from 'fastify';
import type { FormDefinition } from '@shopfront/shared';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import { submitForm } from './service.ts';

/** The e-mail to one of a form's notification addresses: every answered field by its label. */
function submissionMessage(
  to: string,
  storeName: string,
  form: FormDefinition,
  data: Record<string, string>,
): NewMessage {
  const lines = form.fields.filter((f) => data[f.name]).map((f) => `${f.label}: ${data[f.name]}`);
  const replyTo = form.fields.find((f) => f.type === 'email' && data[f.name]);
  return {
    channel: 'email',
    recipient: to,
    subject: `${form.name}: a new message on ${storeName}`,
    body:
      `Someone sent the form “${form.name}” on ${storeName}.\n\n${lines.join('\n')}` +
      `\n\nIt is also in the panel's Form messages.${replyTo ? ` Reply to them at ${data[replyTo.name]}.` : ''}`,
  };
}

/**
 * Stores a submission (submitForm) and queues one e-mail per notification address of the form,
 * in one transaction: the outbox rows commit with the submission or not at all, and the mail is
 * sent afterwards by the deliver-message job, never while the transaction is open. Null when the
 * form is unknown or switched off.
 */
export async function submitAndNotify(
  app: FastifyInstance,
  id: string,
  body: unknown,
  meta: { ip: string | null; userAgent: string | null },
) {
  const storeName = storeNameOf((await getStoreSettings(app.db, ['store_name'])).store_name);
  return app.db.transaction(async (tx) => {
    const result = await submitForm(tx, id, body, meta);
    if (!result) return null;
    for (const to of result.notify)
      await app.outbox.enqueue(tx, submissionMessage(to, storeName, result.form, result.data));
    return result;
  });
}
