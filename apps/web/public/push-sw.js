// The SPA's service worker for browser notifications (docs/notifications.md, "Web Push"): it
// does nothing but Web Push, so it caches nothing and never serves a page. A push carries the
// worker's PushPayload (libs/contracts notification-schemas.ts): title, body, url, tag.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // not ours (or cut short): still show something, as browsers require of a push
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'LearnHub';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: typeof data.url === 'string' ? data.url : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // only our own pages: a link elsewhere opens the notification page instead
  const target = new URL(event.notification.data?.url ?? '/notifications', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === url) ?? open.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if (same.url !== url && 'navigate' in same) await same.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
