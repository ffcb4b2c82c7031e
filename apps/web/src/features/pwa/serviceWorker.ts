import { create } from "zustand";

/**
 * The offline-caching service worker (/sw.js, made by vite-plugin-pwa with Workbox): it is
 * registered after the page has loaded, and a new version waits until the player accepts
 * the prompt (UpdatePrompt), which tells it to take over and reloads the page.
 */
export const SERVICE_WORKER_URL = "/sw.js";
/** How often an open tab asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface UpdateState {
  /** A new version, installed and waiting for the player's go-ahead. */
  waiting: ServiceWorker | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ waiting: null }));

function supported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator;
}

/** Watches a registration for a new version (only one that replaces a running one counts). */
function watch(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) useUpdateStore.setState({ waiting: worker });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}

/** Registers the worker once the page has loaded (production builds only). */
export function registerServiceWorker(): void {
  if (!supported() || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then((registration: ServiceWorkerRegistration | undefined) => {
        // (Undefined where registration is blocked, as in some test browsers.)
        if (!registration) return;
        watch(registration);
        setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch((err: unknown) => console.warn("The offline cache could not be set up.", err));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** The player accepted the new version: it takes over, then the page reloads. */
export function applyUpdate(): void {
  const { waiting } = useUpdateStore.getState();
  if (!waiting || !supported()) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
}

/**
 * Reloads from the server, not from the offline cache: the page's service worker is
 * unregistered first (the new page registers the new one). For a client that is older than
 * the server (version check) or misses a chunk that a deploy removed. Other workers (push
 * notifications) are left alone. With `href`, that address is loaded instead of this one.
 */
export async function reloadFromServer(href: string | null = null): Promise<void> {
  try {
    if (supported()) {
      // (Bounded: where workers are blocked the answer may never come.)
      const registrations = await Promise.race([
        navigator.serviceWorker.getRegistrations(),
        new Promise<readonly ServiceWorkerRegistration[]>((resolve) =>
          setTimeout(() => resolve([]), 1000),
        ),
      ]);
      await Promise.all(
        registrations
          .filter((r) =>
            [r.active, r.waiting, r.installing].some((w) =>
              w?.scriptURL.endsWith(SERVICE_WORKER_URL),
            ),
          )
          .map((r) => r.unregister()),
      );
    }
  } catch {
    // Reload anyway.
  }
  if (href) window.location.assign(href);
  else window.location.reload();
}
