import type { OutboxListSchema, OutboxQuerySchema } from '../schemas/outbox.ts';
import { endpoint } from './endpoint.ts';

/** Development only (DEV_OUTBOX=true, from this machine): what the shop would have e-mailed or texted. */
export const devApi = {
  outbox: endpoint<{ query: typeof OutboxQuerySchema; data: typeof OutboxListSchema }>('GET', '/api/dev/outbox'),
} as const;
