import { useEffect } from "react";
import { SpireMark } from "../components/icons/SpireMark";
import { reloadFromServer } from "../features/pwa/serviceWorker";
import { isChunkLoadError } from "./chunkReload";
import { useDocumentTitle } from "./useDocumentTitle";

/**
 * The error screen of every route and of the app root (RouteBoundary): a screen that crashed
 * or whose code failed to load, in the game's style, with Reload. (A failed chunk has already
 * reloaded the page once by itself: lazyScreen.)
 */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  useDocumentTitle("Something went wrong");
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="route-error">
      <SpireMark className="mx-auto size-14 opacity-80" />
      <h1 className="mt-4 font-display text-2xl font-bold text-gold">
        {chunk ? "This screen could not be loaded" : "The spire trembled"}
      </h1>
      <p className="mt-2 text-sm text-ink-muted">
        {chunk
          ? "Its code did not arrive: your connection dropped, or a new version of Manaspire was released. Reloading fetches it again."
          : "Something went wrong while showing this screen. Your mage is safe: the game's state lives on the server. Reloading usually helps."}
      </p>
      <div className="mt-6 flex justify-center gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-11 min-w-32"
          onClick={() => void reloadFromServer()}
        >
          Reload
        </button>
        <a href="/town" className="btn btn-ghost min-h-11">
          Back to Town
        </a>
      </div>
    </div>
  );
}
