import { DungeonBoost, SIZE_NAMES, Size } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog } from "../../components/Dialog";
import { send } from "../../store/gameStore";
import { Toggle } from "../settings/controls";
import { needsPerceptionWarning } from "./dungeonModel";

const SIZES = [Size.Small, Size.Medium, Size.Large] as const;

/**
 * Dungeons by hand (spec 001 sections 4 and 8): start small, medium or large (a large one
 * without Perception asks 'Are you sure?'), Speedrun mode with its notice, Resume when one is in
 * progress.
 */
export function ManualStartCard({ player }: { player: PlayerState }) {
  const navigate = useNavigate();
  const [speedrun, setSpeedrun] = useState(false);
  const [notice, setNotice] = useState(false);
  const [sure, setSure] = useState<Size | null>(null);
  const swift = (player.boosts[DungeonBoost.Swiftness] ?? 0) > 0;
  // On to /dungeon once the server says the dungeon started (a refusal is a toast).
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (starting && player.dungeonInProgress) navigate("/dungeon");
  }, [starting, player.dungeonInProgress, navigate]);
  const start = (size: Size) => {
    setStarting(
      send("dungeonStart", { size, idle: false, manual: true, trusted: false, speedrun }),
    );
  };
  return (
    <section className="panel space-y-3 px-4 py-3" aria-labelledby="manual-dungeon-title">
      <h2 id="manual-dungeon-title" className="font-display text-lg font-bold text-ink">
        Explore a dungeon
      </h2>
      {player.dungeonInProgress ? (
        <div className="space-y-2">
          <p className="text-sm text-ink-muted">You have a dungeon in progress.</p>
          <button
            type="button"
            className="btn btn-primary h-10 w-full"
            onClick={() => navigate("/dungeon")}
          >
            Resume
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Walk the halls yourself: open chests, fight knights and leave through the exit. Each
            dungeon uses one unlocked dungeon.
            {swift ? "" : " Swiftness makes you walk faster."}
          </p>
          <div className="grid grid-cols-3 gap-1.5">
            {SIZES.map((size) => (
              <button
                key={size}
                type="button"
                className="btn h-10 px-2 py-0 text-sm"
                data-testid={`manual-start-${size}`}
                onClick={() =>
                  needsPerceptionWarning(size, player.boosts) ? setSure(size) : start(size)
                }
              >
                Start {SIZE_NAMES[size]}
              </button>
            ))}
          </div>
          <Toggle
            label="Speedrun Mode"
            hint="Completions do not count and give no treasure; only your time is recorded."
            checked={speedrun}
            onChange={(on) => {
              setSpeedrun(on);
              if (on) setNotice(true);
            }}
          />
        </>
      )}
      <Dialog
        open={notice}
        title="Speedrun Mode"
        onCancel={() => setNotice(false)}
        cancelLabel="Got it"
      >
        <p>
          In Speedrun Mode completions do not count and you keep no treasure: only your time is
          recorded, in seconds, for the speedrun leaderboards.
        </p>
      </Dialog>
      <Dialog
        open={sure !== null}
        title="Are you sure?"
        confirmLabel="Start"
        onConfirm={() => {
          const size = sure;
          setSure(null);
          if (size !== null) start(size);
        }}
        onCancel={() => setSure(null)}
      >
        <p>Doing larger dungeons without Perception upgrades is not recommended.</p>
      </Dialog>
    </section>
  );
}
