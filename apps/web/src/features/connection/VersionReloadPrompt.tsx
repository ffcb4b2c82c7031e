import { BlockingOverlay } from "../../components/BlockingOverlay";

export const VERSION_RELOAD_TEXT = "A new update is available. You must reload the page.";

/** Shown when the server's build differs from the client's; only Reload, no cancel. */
export function VersionReloadPrompt({ onReload = () => window.location.reload() }) {
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
