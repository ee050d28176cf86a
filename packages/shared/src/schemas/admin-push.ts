import { z } from '../zod.ts';
import { messages } from '../messages.ts';

/**
 * Web Push for staff (issue 25): a staff member whose role includes orders turns on "Notifications
 * on this device" in the panel; the browser's push subscription is stored for them and each new
 * order and refund request they are told of by e-mail also arrives as a notification. Area `orders`.
 */
export const pushMessages = {
  subscribed: 'Notifications are on for this device',
  unsubscribed: 'Notifications are off for this device',
  endpoint: 'The push service address must be an https:// URL of at most 1000 characters',
  endpointNotPublic: 'The push service address must be on the public internet',
  keys: 'This browser sent keys that are not those of a push subscription',
  notFound: 'This device is not among yours (it may be off already)',
} as const;

/** The longest endpoint taken (the big push services use well under 500 characters). */
export const PUSH_ENDPOINT_MAX = 1000;

const base64url = (min: number, max: number) =>
  z
    .string({ error: pushMessages.keys })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: pushMessages.keys })
    .min(min, { error: pushMessages.keys })
    .max(max, { error: pushMessages.keys });

/**
 * POST /api/admin/push/devices: what PushSubscription.toJSON() gives (endpoint and keys; an
 * `expirationTime` is taken and ignored) and a label for the list of devices. The endpoint must be
 * https:// (the API takes http:// on 127.0.0.1 only in its tests, where a local server plays the
 * push service).
 */
export const PushSubscribeBodySchema = z.strictObject({
  endpoint: z
    .string({ error: pushMessages.endpoint })
    .max(PUSH_ENDPOINT_MAX, { error: pushMessages.endpoint })
    .regex(/^https?:\/\/[^\s]+$/i, { error: pushMessages.endpoint }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key: 65 bytes, 87 characters of base64url. */
    p256dh: base64url(86, 88),
    /** The auth secret: 16 bytes, 22 characters. */
    auth: base64url(22, 24),
  }),
  label: z
    .string()
    .trim()
    .max(120, { error: messages.maxLength(120) })
    .optional(),
});
export type PushSubscribeBody = z.input<typeof PushSubscribeBodySchema>;

export const PushDeviceParamsSchema = z.object({
  id: z.coerce.number({ error: pushMessages.notFound }).int({ error: pushMessages.notFound }).positive({
    error: pushMessages.notFound,
  }),
});

/** GET /api/admin/push/key: the shop's VAPID public key (applicationServerKey), base64url. */
export const PushKeySchema = z.object({ public_key: z.string() });

/** One of the signed-in member's devices with notifications on. */
export const PushDeviceSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's address: the panel finds "this device" by it. */
  endpoint: z.string(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDevices = z.infer<typeof PushDevicesSchema>;
