import { z } from '../zod.ts';
import { messages } from '../messages.ts';

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

/** The data of an answer that has none beyond its message (logout, password changed). */
export const NullDataSchema = z.null();

/**
 * The body of a route whose rules depend on the shop or the account (the phone length of the
 * shop's country, whether the account has a password): the route only asks for a JSON object and
 * the service checks it with the schema those make (422 per field). Clients are typed with `T`,
 * that schema's input; the route's handler sees a plain object.
 */
export const serviceCheckedBody = <T extends object>() =>
  z.record(z.string(), z.unknown(), { error: messages.fallback }) as unknown as z.ZodType<Record<string, unknown>, T>;
