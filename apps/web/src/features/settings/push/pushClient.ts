import type { PushPermission } from "@manaspire/game";

/**
 * The browser side of Web Push: a service worker of its own at a fixed path and scope
 * (public/push-sw.js; the offline-caching worker lives at /sw.js with scope "/", so neither
 * replaces the other), its push subscription made with the server's VAPID key.
 */
export const PUSH_SW_URL = "/push-sw.js";
export const PUSH_SW_SCOPE = "/push-sw/";

/** Why this browser cannot receive push notifications, or null when it can. */
export function pushUnsupportedReason(): string | null {
  if (typeof window === "undefined") return "no window";
  if (!window.isSecureContext) return "not a secure context (https or localhost)";
  if (!("serviceWorker" in navigator)) return "no service workers";
  if (!("PushManager" in window)) return "no Push API";
  if (!("Notification" in window)) return "no Notification API";
  return null;
}

export function currentPermission(): PushPermission {
  const permission = window.Notification?.permission;
  return permission === "granted" || permission === "denied" ? permission : "default";
}

/** Calls `listener` when the notification permission changes (where the browser says so). */
export function watchPermission(listener: () => void): () => void {
  let status: PermissionStatus | null = null;
  let stopped = false;
  navigator.permissions
    ?.query({ name: "notifications" })
    .then((s) => {
      if (stopped) return;
      status = s;
      s.addEventListener("change", listener);
    })
    .catch(() => undefined);
  // Some browsers do not report changes: look again when the tab comes back.
  document.addEventListener("visibilitychange", listener);
  return () => {
    stopped = true;
    status?.removeEventListener("change", listener);
    document.removeEventListener("visibilitychange", listener);
  };
}

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return "";
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Resolves once the registration has an active worker (subscribing needs one). */
async function activated(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (worker.state === "activated") resolve();
      else if (worker.state === "redundant") reject(new Error("push service worker was replaced"));
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

export interface BrowserSubscription {
  token: string;
  p256dh: string;
  auth: string;
}

/**
 * This browser's push subscription for the server's key: the existing one, or a new one (a
 * subscription made with another key, e.g. before the operator changed it, is replaced).
 * Needs the permission granted.
 */
export async function ensureSubscription(publicKey: string): Promise<BrowserSubscription> {
  const registration = await navigator.serviceWorker.register(PUSH_SW_URL, {
    scope: PUSH_SW_SCOPE,
  });
  await activated(registration);
  const key = base64urlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return {
    token: subscription.endpoint,
    p256dh: bytesToBase64url(subscription.getKey("p256dh")),
    auth: bytesToBase64url(subscription.getKey("auth")),
  };
}
