import { BlockingOverlay } from "../../components/BlockingOverlay";
import { reloadFromServer } from "../pwa/serviceWorker";

export const VERSION_RELOAD_TEXT = "A new update is available. You must reload the page.";

/** Shown when the server's build differs from the client's; only Reload, no cancel. */
/** Reload skips the offline cache, which holds the old version (features/pwa). */
export function VersionReloadPrompt({
  onReload = () => void reloadFromServer(),
}: {
  onReload?: () => void;
}) {
  return (
    <BlockingOverlay
      title="Update available"
      actions={
        <button type="button" className="btn btn-primary min-w-32" onClick={onReload}>
          Reload
        </button>
      }
    >
      <p>{VERSION_RELOAD_TEXT}</p>
    </BlockingOverlay>
  );
}
