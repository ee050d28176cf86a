import type { Outbox } from '../notifications/outbox.ts';
import type { Db } from '../../db/client.ts';

/** Who an application's messages go to, and what they are about. */
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
