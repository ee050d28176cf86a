/* global self, URL, fetch */
/*
 * The panel's service worker (scope /admin/): shows the order alerts the shop pushes to this
 * device (Web Push, issue 25: new orders and refund requests) and opens the order on a tap. It
 * caches nothing and handles no fetch: the panel works as it does without it.
 * The push's payload is JSON from apps/api/src/modules/push/send.ts: { title, body, url, tag }.
 */
const FALLBACK_URL = '/admin/orders';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  // Only a page of the panel on this origin: a push never sends the device anywhere else.
  const url = typeof data.url === 'string' && data.url.startsWith('/admin/') ? data.url : FALLBACK_URL;
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Shop admin', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? FALLBACK_URL, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      const panel = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      if (panel) {
        try {
          const moved = await panel.navigate(target);
          if (moved) return moved.focus();
        } catch {
          // A tab this worker does not control cannot be navigated: open a new one below.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});

/*
 * The push service replaced this device's subscription (it expired or was rotated): subscribe
 * again with the same key and tell the shop, so alerts keep coming without the member pressing
 * anything. The shop drops the old one the first time a push to it answers 404/410. Uses the
 * member's session cookie; the header is the API's CSRF header (CSRF_HEADER in packages/shared).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      let sub = event.newSubscription;
      if (!sub) {
        const key = event.oldSubscription?.options?.applicationServerKey;
        if (!key) return;
        sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      }
      const { keys } = sub.toJSON();
      await fetch('/api/admin/push/devices', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'shopfront', accept: 'application/json' },
        body: JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } }),
      });
    })(),
  );
});
