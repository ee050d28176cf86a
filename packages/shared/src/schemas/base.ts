import { z } from '../zod.ts';

export const HostSchema = z.object({ host: z.string() });
export const HeartBeatSchema = z.object({ recorded: z.boolean(), date: z.string() });
export const HealthSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  uptime_s: z.number(),
});
/** Name of the cookie that holds the visitor's last heart-beat date (spec section 9: 7 days). */
export const HEARTBEAT_COOKIE = 'heartbeat';
export const HEARTBEAT_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * A request body schema that also accepts no body at all (its defaults). z.preprocess types its
 * input as `unknown`, so the type a client sends is the input of the wrapped object schema
 * (`z.input<typeof …ObjectSchema>`), never that of the preprocess.
 */
export const bodyOrEmpty = <T extends z.ZodType>(object: T) => z.preprocess((v) => v ?? {}, object);
