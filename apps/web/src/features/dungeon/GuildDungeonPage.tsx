import { DungeonBoost } from "@manaspire/game";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useLocalValue } from "../../lib/localValue";
import { send, useGameStore } from "../../store/gameStore";
import { Toggle } from "../settings/controls";
import { DungeonCanvas } from "./DungeonCanvas";
import type { DungeonView } from "./dungeonControls";
import { alwaysShowNames, lockJoystick } from "./dungeonSettings";
import { GuildObjectives } from "./GuildObjectives";
import { type GuildFloor, guildDungeonView } from "./guildDungeonModel";
import { peerMarks, peerRows } from "./guildPeers";
import { Joystick } from "./Joystick";
import { moveHelp, useBringIntoReach, useTouchPlay } from "./touchPlay";
import { useDungeonControls } from "./useDungeonControls";

const EACH_OWN_COPY =
  "Every member explores their own copy of the floor; the objectives are the guild's.";

/**
 * /dungeon-guild, the guild dungeon (spec 001; rules in docs/game-rules.md "Guild dungeons"):
 * the guild's DungeonLevel, the floor's objectives and who completed them, the entry rule, and
 * the player's copy of the floor on the dungeon canvas. The server decides everything.
 */
export function GuildDungeonPage() {
  const player = useGameStore((s) => s.player);
  const floor = useGameStore((s) => s.dungeon.guildFloor);
  const connected = useGameStore((s) => s.connection.status === "connected");

  useEffect(() => {
    if (connected) send("getGuildDungeon", {});
  }, [connected]);

  if (!player || floor === null) {
    return (
      <div className="mx-auto w-full max-w-5xl" aria-busy="true">
        <PageTitle>Guild dungeon</PageTitle>
        <div className="skeleton h-64 w-full" />
      </div>
    );
  }
  if (floor === undefined) {
    return (
      <div className="mx-auto w-full max-w-3xl" data-testid="guild-dungeon-no-guild">
        <PageTitle>Guild dungeon</PageTitle>
        <section className="panel space-y-2 px-4 py-4">
          <p className="text-ink">The guild dungeon is for guild members.</p>
          <p className="text-sm text-ink-muted">
            Join or found a guild to explore its dungeon with your guildmates.
          </p>
          <Link to="/guild" className="btn btn-primary inline-flex">
            Find a guild
          </Link>
        </section>
      </div>
    );
  }
  return <GuildDungeonFloor floor={floor} playerLevel={player.battle.level} />;
}

function GuildDungeonFloor({ floor, playerLevel }: { floor: GuildFloor; playerLevel: number }) {
  const view = guildDungeonView(floor, playerLevel);
  const run = useGameStore((s) => s.dungeon.guildRun);
  const playing = floor.inRun && run?.guild === true;
  const touch = useTouchPlay();
  const page = useRef<HTMLDivElement>(null);
  useBringIntoReach(page, touch && playing);
  return (
    <div
      ref={page}
      className="mx-auto w-full max-w-5xl scroll-mt-2 space-y-3"
      data-testid="guild-dungeon-page"
    >
      <PageTitle subtitle={playing ? moveHelp(touch) : EACH_OWN_COPY}>Guild dungeon</PageTitle>
      <div className="grid gap-3 @3xl:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0 space-y-2">
          {playing ? (
            <GuildDungeonPlay floor={floor} />
          ) : (
            <EntryCard level={view.level} playerLevel={playerLevel} refusal={view.refusal} />
          )}
        </div>
        <aside className="panel space-y-3 px-4 py-3 text-sm" aria-label="Guild dungeon floor">
          <p>
            <span className="text-ink-muted">Dungeon level </span>
            <span className="font-semibold tabular-nums" data-testid="guild-dungeon-level">
              {view.level}
            </span>
          </p>
          <div>
            <h2 className="mb-1 font-semibold text-ink">
              Objectives{" "}
              <span className="text-ink-muted tabular-nums" data-testid="guild-objectives-done">
                {view.done}/{view.total}
              </span>
            </h2>
            <GuildObjectives floor={floor} />
          </div>
          <p className="border-t border-edge/60 pt-2 text-xs text-ink-muted">
            When every objective is done the floor is cleared: the guild dungeon goes up a level and
            each member who completed one gets {view.reward}.
          </p>
        </aside>
      </div>
    </div>
  );
}

function EntryCard({
  level,
  playerLevel,
  refusal,
}: {
  level: number;
  playerLevel: number;
  refusal: string | null;
}) {
  return (
    <section className="panel space-y-3 px-4 py-4" aria-labelledby="guild-entry-title">
      <h2 id="guild-entry-title" className="font-display text-lg font-bold text-ink">
        Floor {level}
      </h2>
      <p className="text-sm text-ink-muted">
        Members whose battle level is at least the guild's dungeon level ({level}) may enter. Your
        battle level is {playerLevel}.
      </p>
      {refusal ? (
        <p className="text-sm text-danger" role="alert" data-testid="guild-dungeon-refusal">
          {refusal}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={refusal !== null}
        onClick={() => send("dungeonJoinGuild", { join: true })}
      >
        Enter the guild dungeon
      </button>
    </section>
  );
}

/** The player's copy of the floor: the shared dungeon canvas, keys and joystick. */
function GuildDungeonPlay({ floor }: { floor: GuildFloor }) {
  const player = useGameStore((s) => s.player);
  const run = useGameStore((s) => s.dungeon.guildRun);
  const combat = useGameStore((s) => s.dungeon.guildCombat);
  const locked = useLocalValue(lockJoystick);
  const namesShown = useLocalValue(alwaysShowNames);
  const touch = useTouchPlay();
  const [leaving, setLeaving] = useState(false);
  const [hover, setHover] = useState<{ x: number; y: number } | null>(null);
  const peers = useMemo(
    () => (run ? peerMarks(run, namesShown, hover) : []),
    [run, namesShown, hover],
  );
  const marks = useMemo(
    () => floor.objectives.map((o) => ({ x: o.x, y: o.y, done: o.by !== undefined })),
    [floor],
  );
  const { tryStep, interactNow, hold } = useDungeonControls({
    view: run,
    swiftness: player?.boosts[DungeonBoost.Swiftness] ?? 0,
    guild: true,
    paused: false,
    onInteract: () => send("dungeonInteract", { flags: 1 }),
  });
  if (!run) return null;
  return (
    <div className="space-y-2">
      <DungeonCanvas
        view={run}
        combat={combat}
        marks={marks}
        peers={peers}
        onHover={(cell) => setHover((h) => (h?.x === cell?.x && h?.y === cell?.y ? h : cell))}
        onStep={tryStep}
        onInteract={interactNow}
      />
      {touch ? (
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <Joystick locked={locked} onDirection={hold} />
            <button
              type="button"
              className="btn btn-primary size-20 rounded-full p-0 text-sm"
              onClick={interactNow}
            >
              Interact
            </button>
          </div>
          <Toggle label="Lock Joystick" checked={locked} onChange={(v) => lockJoystick.set(v)} />
        </div>
      ) : null}
      <FloorMembers run={run} namesShown={namesShown} />
      <div className="panel flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
        <p data-testid="dungeon-keys">
          <span className="text-ink-muted">Keys </span>
          {run.keys.length === 0 ? "none" : run.keys.map((k) => `#${k}`).join(", ")}
        </p>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            send("dungeonJoinGuild", { join: false });
            setTimeout(() => setLeaving(false), 1000);
          }}
        >
          Leave the guild dungeon
        </button>
      </div>
      <p className="text-xs text-ink-muted">
        {EACH_OWN_COPY} Guild runs keep no treasure of their own: the floor's reward comes when it
        is cleared.
      </p>
    </div>
  );
}

/** Who else from the guild is on this floor now, and the spec's Always Show Names toggle. */
function FloorMembers({ run, namesShown }: { run: DungeonView; namesShown: boolean }) {
  const rows = peerRows(run);
  return (
    <section
      className="panel space-y-2 px-4 py-2 text-sm"
      aria-labelledby="floor-members-title"
      data-testid="guild-floor-members"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="floor-members-title" className="font-semibold text-ink">
          On this floor{" "}
          <span className="text-ink-muted tabular-nums" data-testid="guild-floor-count">
            {rows.length}
          </span>
        </h2>
        <Toggle
          label="Always Show Names"
          checked={namesShown}
          onChange={(v) => alwaysShowNames.set(v)}
        />
      </div>
      {rows.length === 0 ? (
        <p className="text-ink-muted">
          No one else from your guild is exploring this floor right now.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-live="polite">
          {rows.map((r) => (
            <li key={r.pid} data-testid="guild-floor-member">
              <span className="font-medium text-[#5fd3b8]">{r.name}</span>{" "}
              <span className="text-ink-muted">{r.where}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
