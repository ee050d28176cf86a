import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerListQuerySchema,
  AccountDeletionListSchema,
  AdminCustomerListSchema,
  AdminCustomerParamsSchema,
  AdminCustomerSchema,
  AdminEmptyBodySchema,
  CustomerNoteBodySchema,
  adminCustomerMessages,
  adminCustomersApi,
} from '@shopfront/shared';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { listAccountDeletions } from '../../account/delete-account.ts';
import { requireStaff } from '../auth.ts';
import { ifMatchVersion, setVersionTag } from '../if-match.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { addCustomerNote, getCustomer, listCustomers, setCustomerBlocked } from './service.ts';

const NOTE =
  'Owner API (ADR 26): a staff session (Bearer token, or the sf_staff cookie with the X-Requested-With header on writes). Owners and managers (the customers area).';
const VERSIONED =
  ' Send the customer page’s `version` as `If-Match: "<version>"`: 409 when someone changed the customer since (reload and try again); without the header the write applies to the current version. Answers the customer page with its new version (and ETag).';

/** The owner's customers (issue 25), inside the owner API's protected scope. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly (404 | 409 | 422)[] = []) => ({
    tags: ['admin'],
    summary,
    description: NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'customers' as const },
  });
  const page = async (db: Db, reply: FastifyReply, id: number) => {
    const customer = await getCustomer(db, id);
    if (!customer) throw notFound(adminCustomerMessages.customerNotFound);
    setVersionTag(reply, customer.version);
    return customer;
  };

  registerEndpoint(
    app,
    adminCustomersApi.list,
    {
      schemas: { query: AdminCustomerListQuerySchema, data: AdminCustomerListSchema },
      ...doc(
        'Customers, newest first, with their order count and total spent. q: part of the name, the e-mail or the phone number; blocked=true|false; keyset pages (limit, then cursor=next_cursor)',
        [422],
      ),
    },
    async (req) => ok(await listCustomers(app.db, req.query)),
  );

  registerEndpoint(
    app,
    adminCustomersApi.get,
    {
      schemas: { params: AdminCustomerParamsSchema, data: AdminCustomerSchema },
      ...doc('A customer: profile, addresses, newest orders, internal notes and version (ETag)', [404]),
    },
    async (req, reply) => ok(await page(app.db, reply, req.params.id)),
  );

  registerEndpoint(
    app,
    adminCustomersApi.addNote,
    {
      schemas: { params: AdminCustomerParamsSchema, body: CustomerNoteBodySchema, data: AdminCustomerSchema },
      ...doc('Add an internal note (the customer never sees it).' + VERSIONED, [404, 409, 422]),
    },
    async (req, reply) => {
      const member = await requireStaff(req);
      const version = ifMatchVersion(req);
      const actor = collecting(member);
      await addCustomerNote(app.db, actor, req.params.id, req.body.body, version, req.ip ?? null);
      return ok(await page(app.db, reply, req.params.id), adminCustomerMessages.noteAdded, undoOffer(actor));
    },
  );

  for (const [ep, blocked] of [
    [adminCustomersApi.block, true],
    [adminCustomersApi.unblock, false],
  ] as const) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { params: AdminCustomerParamsSchema, body: AdminEmptyBodySchema, data: AdminCustomerSchema },
        ...doc(
          blocked
            ? 'Block sign-in: the customer’s sessions end at once, and sign-in by password or OTP answers 403 "This account has been blocked by the shop…". Orders already placed are kept.' +
                VERSIONED
            : 'Let a blocked customer sign in again.' + VERSIONED,
          [404, 409, 422],
        ),
      },
      async (req, reply) => {
        const member = await requireStaff(req);
        const version = ifMatchVersion(req);
        const actor = collecting(member);
        await setCustomerBlocked(app.db, actor, req.params.id, blocked, version, req.ip ?? null);
        return ok(
          await page(app.db, reply, req.params.id),
          blocked ? adminCustomerMessages.blocked : adminCustomerMessages.unblocked,
          undoOffer(actor),
        );
      },
    );
  }

  registerEndpoint(
    app,
    adminCustomersApi.deletions,
    {
      schemas: { data: AccountDeletionListSchema },
      ...doc(
        'Accounts their customers deleted (Delete my account), newest first, the latest 200: when, a random reference (not derived from the customer) and how many orders were kept, anonymised. Nothing personal',
      ),
    },
    async () => ok(await listAccountDeletions(app.db)),
  );
};
