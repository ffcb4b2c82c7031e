import { BlockingOverlay } from "../../components/BlockingOverlay";

/** This tab stands aside while another tab of the same browser plays (tabLock.ts). */
export function PlayingElsewhereOverlay({ onPlayHere }: { onPlayHere: () => void }) {
  return (
    <BlockingOverlay
      title="Playing in another tab"
      actions={
        <button type="button" className="btn btn-primary min-h-11 min-w-32" onClick={onPlayHere}>
          Play here
        </button>
      }
    >
      <p>
        Manaspire is open in another tab of this browser, and your mage plays there. Only one tab
        plays at a time.
      </p>
    </BlockingOverlay>
  );
}
