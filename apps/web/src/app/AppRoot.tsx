import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useUpdateStore } from "../features/pwa/serviceWorker";
import { DocumentTitle } from "./DocumentTitle";
import { PageLoading } from "./PageLoading";

/** Shown once a new version has installed: its own chunk. */
const UpdatePrompt = lazy(async () => ({
  default: (await import("../features/pwa/UpdatePrompt")).UpdatePrompt,
}));

/** The root of every route: the screen, its document title and the "new version" prompt. */
export function AppRoot() {
  return (
    <>
      <DocumentTitle />
      {/* While the code of a screen opened directly loads (sign-in, legal pages). */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {useUpdateStore((s) => s.waiting) ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
