/*
 * Manaspire push notifications: the service worker at /push-sw.js, registered by the game
 * with the scope /push-sw/ (its own, so the offline-caching worker at /sw.js, scope /, is a
 * separate registration and neither replaces the other). Self-contained: no imports.
 *
 * The server sends a Web Push message, encrypted for this browser's subscription, whose
 * JSON is { type, title, body, url, tag } (apps/server/src/services/notifications/messages.ts).
 */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message's fields, or a plain notification when it cannot be read. */
function readMessage(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only paths of this site: a message never sends the player elsewhere. */
function safeUrl(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin;
  } catch {
    return self.location.origin;
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  const title =
    typeof message.title === "string" && message.title !== "" ? message.title : "Manaspire";
  const options = {
    body: typeof message.body === "string" ? message.body : "",
    icon: "/favicon.svg",
    badge: "/favicon.svg",
    data: { url: safeUrl(message.url) },
  };
  if (typeof message.tag === "string" && message.tag !== "") {
    options.tag = message.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

/*
 * When the browser renews the subscription, the game's page registers the new one the next
 * time it opens (it registers any subscription the server does not know).
 */
