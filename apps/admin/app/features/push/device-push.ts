import { ApiError, adminPushApi } from '@shopfront/shared';
import { call } from '../../lib/api';

/**
 * This browser's side of order notifications (Web Push, issue 25): the panel's service worker
 * (/admin/push-sw.js, scope /admin/), the browser's permission and its push subscription, and the
 * API that keeps the subscription for the signed-in member.
 */
const WORKER_URL = '/admin/push-sw.js';
const SCOPE = '/admin/';
/** How long the browser's push service may take to sign this device up before we say it failed. */
const SUBSCRIBE_TIMEOUT_MS = 12_000;

export type DeviceState =
  { kind: 'unsupported'; reason: string } | { kind: 'blocked' } | { kind: 'off' } | { kind: 'on'; deviceId: number };

/** Thrown with a sentence for the member: what went wrong and what to do. */
export class PushProblem extends Error {}

const isIos = () => /\b(iPhone|iPad|iPod)\b/.test(navigator.userAgent);

/** Why this browser cannot show notifications from the panel, or null when it can. */
export function unsupportedReason(): string | null {
  if (!window.isSecureContext) {
    return 'Notifications need the panel on a secure (https://) address. Open the panel at its https:// address to turn them on.';
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return isIos()
      ? 'On an iPhone or iPad, notifications work only from the Home Screen: in Safari tap Share, then Add to Home Screen, open the panel from there and come back to this page.'
      : 'This browser cannot show notifications from websites. Use a current Chrome, Edge, Firefox or Safari to get them.';
  }
  return null;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Where this device stands: unsupported, blocked, or on or off for the signed-in member. */
export async function readDeviceState(): Promise<DeviceState> {
  const reason = unsupportedReason();
  if (reason) return { kind: 'unsupported', reason };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const sub = await currentSubscription();
  if (!sub) return { kind: 'off' };
  const { devices } = (await call(adminPushApi.devices)).data;
  const mine = devices.find((d) => d.endpoint === sub.endpoint);
  return mine ? { kind: 'on', deviceId: mine.id } : { kind: 'off' };
}

function withTimeout<T>(promise: Promise<T>, ms: number, problem: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushProblem(problem)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The registration once its worker is active (PushManager.subscribe needs an active one). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.register(WORKER_URL, { scope: SCOPE });
  if (reg.active) return reg;
  const worker = reg.installing ?? reg.waiting;
  await new Promise<void>((resolve, reject) => {
    if (!worker) return resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new PushProblem(NO_PUSH_SERVICE));
    });
  });
  return reg;
}

const NO_PUSH_SERVICE =
  'This browser could not sign this device up with its push service, so it cannot show the shop’s notifications. Try again later, or turn them on in another browser.';

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Turns notifications on: asks the browser's permission (only now, on the member's press),
 * registers the worker, subscribes with the shop's public key and stores the subscription.
 */
export async function turnOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'blocked' };
  if (permission !== 'granted') {
    throw new PushProblem(
      'The browser did not get an answer to its question. Press the button again and choose Allow.',
    );
  }
  const reg = await withTimeout(activeRegistration(), SUBSCRIBE_TIMEOUT_MS, NO_PUSH_SERVICE);
  const { public_key } = (await call(adminPushApi.key)).data;
  let sub: PushSubscription;
  try {
    const existing = await reg.pushManager.getSubscription();
    sub =
      existing ??
      (await withTimeout(
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }),
        SUBSCRIBE_TIMEOUT_MS,
        NO_PUSH_SERVICE,
      ));
  } catch {
    throw new PushProblem(NO_PUSH_SERVICE);
  }
  const json = sub.toJSON();
  try {
    const device = await call(adminPushApi.subscribe, {
      body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
    });
    return { kind: 'on', deviceId: device.data.id };
  } catch (err) {
    await sub.unsubscribe().catch(() => false);
    throw err;
  }
}

/** Turns notifications off for this device: the shop forgets it, and the browser drops its subscription. */
export async function turnOff(deviceId: number): Promise<DeviceState> {
  await call(adminPushApi.unsubscribe, { params: { id: deviceId } }).catch((err: unknown) => {
    // Already gone (turned off elsewhere): off is what was asked.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  });
  await (await currentSubscription())?.unsubscribe();
  return { kind: 'off' };
}
