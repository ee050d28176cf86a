import type { Outbox } from '../notifications/outbox.ts';
import type { Db } from '../../db/client.ts';

/** Who an application's messages go to, and what they are about. */
/** Whom a notice reaches: the application's number, service and contact, as a statement returns them. */
export interface Addressee {
  application_no: string;
  service_name: string;
  email: string | null;
  phone: string | null;
}

export interface ApplicantNotice {
  applicationNo: string;
  serviceName: string;
  email: string | null;
  phone: string | null;
  /** The stage reached, as the applicant reads it. */
  stageLabel: string;
  note: string | null;
  /** Absolute link to the application's tracking page; '' when the shop has no trustworthy origin. */
  link: string;
}

/**
 * Tells the applicant that their application reached a stage: one e-mail (when it has an address)
 * and one SMS (when it has a phone), queued in the caller's transaction, the one whose conditional
 * update made the change: a move that lost its race, or a retry, queues nothing.
 */
export async function notifyApplicant(tx: Db, outbox: Outbox, n: ApplicantNotice): Promise<void> {
  const subject = `Application ${n.applicationNo}: ${n.stageLabel}`;
  const follow = n.link ? ` Follow it at ${n.link}` : '';
  const body = `Your application ${n.applicationNo} (${n.serviceName}) is now at: ${n.stageLabel}.${
    n.note ? ` ${n.note}` : ''
  }${follow}`;
  if (n.email) await outbox.enqueue(tx, { channel: 'email', recipient: n.email, subject, body });
  if (n.phone) await outbox.enqueue(tx, { channel: 'sms', recipient: n.phone, body });
}

/** What staff put on an application's thread that the applicant must act on or read. */
export type ThreadNotice =
  { kind: 'message'; body: string } | { kind: 'request'; what: string } | { kind: 'document'; name: string };

/** The longest part of a staff message (or of what they ask for) a notice quotes; the thread has it whole. */
const QUOTE_MAX = 140;
const quote = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : chars.join('');
};

/**
 * Tells the applicant that staff wrote to them or asked for a document, in the caller's
 * transaction (the one that put it on the thread): an e-mail when the application has an address,
 * else an SMS, with the link to answer. Once per message or request: a retried request that wrote
 * nothing tells nothing.
 */
export async function notifyThread(
  tx: Db,
  outbox: Outbox,
  to: Omit<ApplicantNotice, 'stageLabel' | 'note'>,
  what: ThreadNotice,
): Promise<void> {
  const { subject, body } = threadWords(to, what);
  if (to.email) await outbox.enqueue(tx, { channel: 'email', recipient: to.email, subject, body });
  else if (to.phone) await outbox.enqueue(tx, { channel: 'sms', recipient: to.phone, body });
}

/** A thread notice's subject and text: what staff did, quoted, and the link to act on it. */
function threadWords(
  to: Omit<ApplicantNotice, 'stageLabel' | 'note'>,
  what: ThreadNotice,
): { subject: string; body: string } {
  const about = `${to.applicationNo} (${to.serviceName})`;
  const at = (verb: string) => (to.link ? ` ${verb} at ${to.link}` : '');
  switch (what.kind) {
    case 'request':
      return {
        subject: `Application ${to.applicationNo}: please send a document`,
        body: `For your application ${about} please send: ${quote(what.what)}.${at('Upload it')}`,
      };
    case 'document':
      return {
        subject: `Application ${to.applicationNo}: a document from us`,
        body: `For your application ${about} we sent you a document: ${quote(what.name)}.${at('Download it')}`,
      };
    case 'message':
      return {
        subject: `Application ${to.applicationNo}: a message from us`,
        body: `About your application ${about} we wrote: "${quote(what.body)}".${at('Read and answer it')}`,
      };
  }
}
