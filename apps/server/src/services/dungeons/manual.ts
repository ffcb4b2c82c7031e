import {
  applyMove,
  checkMove,
  chestsOpened,
  completionTreasure,
  createRng,
  DungeonBoost,
  type DungeonRun,
  interact,
  isDungeonSize,
  knightEnemy,
  LootId,
  Occupant,
  SIZE_NAMES,
  seedFrom,
  startRun,
  treasureMultiplier,
  unlocksLeft,
} from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import { type DungeonCombatWire, dungeonStateOf, mapOf } from "../../world/dungeon-run-view";
import { addToDungeonTracker } from "../../world/dungeon-tracker";
import { dungeonFields } from "../../world/dungeon-view";
import type { LoadedPlayer } from "../../world/loaded-player";
import { grantLoot } from "../../world/loot";
import { Col, markDirty } from "../../world/player-columns";
import { battleLevel } from "../../world/player-view";
import { interactHere } from "./interact-here";
import { fightKnight } from "./knight-fight";

/** What clearing a rock, water or tree gives (our design), per size step. */
const NATURE_LOOT: Readonly<Record<number, number>> = {
  [Occupant.Rock]: LootId.Iron,
  [Occupant.Water]: LootId.Fish,
  [Occupant.Tree]: LootId.Wood,
};
const NATURE_AMOUNT = 10;
/** Dungeon Points a knight gives (our design). */
const KNIGHT_POINTS = 1;

const level = (p: LoadedPlayer, id: number) => p.boosts[id] ?? 0;

function runOf(p: LoadedPlayer): DungeonRun {
  const run = p.dungeon.run;
  if (!run) throw new GameError("You have no dungeon in progress.");
  return run;
}

function add(loot: Record<number, number>, id: number, amount: number): void {
  if (amount > 0) loot[id] = (loot[id] ?? 0) + amount;
}

/** A treasure chest's content (our design): 2-5 Dungeon Points, Mana Dust, maybe an orb. */
function chestTreasure(run: DungeonRun, cell: number): Record<number, number> {
  const rng = createRng(seedFrom(run.seed, cell, 0xc4e57));
  const out: Record<number, number> = {};
  add(out, LootId.DungeonPoints, 2 + rng.int(4));
  add(out, LootId.ManaDust, (50 + rng.int(101)) * run.size);
  if (rng.next() < 0.05) add(out, LootId.OrbOfPower, 1);
  return out;
}

/**
 * Dungeons by hand (/dungeon, spec 001 sections 4, 8 and 9): start, move, interact, leave or
 * abandon. The server holds the run in the player's dungeon state (saved with the player), so
 * it survives a reconnect and a restart; every call is checked here and a refusal changes
 * nothing.
 */
export function manualHandlers(): Handlers {
  const sendState = ({ conn, player }: HandlerContext, combat?: DungeonCombatWire) => {
    const run = player.dungeon.run;
    if (run) conn.send("dungeonState", { state: dungeonStateOf(player, run, combat) });
  };
  const changed = (ctx: HandlerContext, extra: Record<string, unknown> = {}) => {
    markDirty(ctx.player, Col.dungeon);
    ctx.conn.send("playerUpdate", { patch: { ...dungeonFields(ctx.player), ...extra } });
  };

  /** Leaving through the exit: the treasure (not for a speedrun), the counts, the time. */
  const complete = (ctx: HandlerContext, run: DungeonRun, now: number) => {
    const p = ctx.player;
    const d = p.dungeon;
    d.run = null;
    if (run.speedrun) {
      const ms = Math.max(1, now - run.startedAt);
      const i = run.size - 1;
      const best = d.speedrun[i] ?? 0;
      if (best === 0 || ms < best) d.speedrun[i] = ms;
      changed(ctx);
      ctx.conn.toast(
        `Speedrun (${SIZE_NAMES[run.size]}) done in ${(ms / 1000).toFixed(3)} s${best === 0 || ms < best ? ": a new best!" : `; your best is ${(best / 1000).toFixed(3)} s.`}`,
      );
      return;
    }
    const m = treasureMultiplier(level(p, DungeonBoost.Treasure));
    const treasure = completionTreasure(
      run.size,
      level(p, DungeonBoost.Treasure),
      createRng(seedFrom(run.seed, 0xe417)),
    );
    for (const key in run.loot) add(treasure, Number(key), Math.floor((run.loot[key] ?? 0) * m));
    const tracker: LootTrackerEntry[] = [];
    const totals = grantLoot(p, treasure, now, tracker);
    addToDungeonTracker(d, treasure);
    d.completed++;
    d.manual++;
    d.treasures += chestsOpened(run);
    d.rooms += run.discovered.length;
    changed(ctx, { loot: totals });
    if (tracker.length > 0) ctx.conn.send("lootTracker", { entries: tracker });
    ctx.conn.toast(
      `Dungeon complete! +${treasure[LootId.DungeonPoints] ?? 0} Dungeon Points and the treasure you found.`,
    );
  };

  return {
    async hydrate(ctx) {
      sendState(ctx);
    },

    dungeonQuit(ctx) {
      runOf(ctx.player);
      ctx.player.dungeon.run = null;
      changed(ctx);
      ctx.conn.toast("Dungeon abandoned: its progress and treasure are lost.");
    },

    dungeonMove(ctx, { x, y }) {
      const p = ctx.player;
      const run = runOf(p);
      const map = mapOf(run);
      const now = Date.now();
      const check = checkMove(map, run, x, y, now, level(p, DungeonBoost.Swiftness));
      if (!check.ok) throw new GameError(check.error);
      const outcome = applyMove(map, run, check.cell, now, level(p, DungeonBoost.Perception));
      markDirty(p, Col.dungeon);
      if (outcome.kind === "fight") {
        const enemy = knightEnemy(
          outcome.occupant,
          battleLevel(p),
          run.size,
          run.wounds[check.cell],
        );
        const max = knightEnemy(outcome.occupant, battleLevel(p), run.size).health;
        const fight = fightKnight(p, map, run, { ...outcome, now }, enemy, max);
        if (fight.won) add(run.loot, LootId.DungeonPoints, KNIGHT_POINTS);
        sendState(ctx, fight.combat);
        ctx.conn.toast(fight.text);
        return;
      }
      if (outcome.kind === "clear") {
        add(run.loot, NATURE_LOOT[outcome.occupant] ?? LootId.Iron, NATURE_AMOUNT * run.size);
        sendState(ctx);
        return;
      }
      // Auto Loot opens a chest on arrival.
      if (level(p, DungeonBoost.AutoLoot) > 0) {
        const cell = run.y * map.side + run.x;
        const opened = chestsOpened(run);
        const result = interact(map, run, run.interactedAt);
        if (result.kind === "chest" && chestsOpened(run) > opened && result.key === 0) {
          for (const [id, amount] of Object.entries(chestTreasure(run, cell))) {
            add(run.loot, Number(id), amount);
          }
        }
      }
      sendState(ctx);
    },

    dungeonInteract(ctx) {
      const p = ctx.player;
      const run = runOf(p);
      const now = Date.now();
      const { result, cell } = interactHere(p, run, now);
      if (result.kind === "exit") {
        complete(ctx, run, now);
        return;
      }
      if (result.kind === "chest") {
        if (result.key > 0) {
          ctx.conn.toast(`You found key ${result.key}.`);
        } else {
          for (const [id, amount] of Object.entries(chestTreasure(run, cell))) {
            add(run.loot, Number(id), amount);
          }
        }
      }
      sendState(ctx);
    },
  };
}

/** dungeonStart with `manual`: a new run (one at a time), using an unlocked dungeon. */
export function startManual(ctx: HandlerContext, size: number, speedrun: boolean): void {
  const p = ctx.player;
  const d = p.dungeon;
  if (!isDungeonSize(size)) throw new GameError("Choose a small, medium or large dungeon.");
  if (d.run) throw new GameError("You already have a dungeon in progress.");
  const left = unlocksLeft({
    completed: d.completed,
    inProgress: false,
    unlocked: level(p, DungeonBoost.Unlocked),
  });
  if (left === 0) throw new GameError("Unlock a dungeon first (Mana Dust).");
  const now = Date.now();
  const seed = seedFrom(p.id, d.completed, d.manual, now % 2_147_483_647, p.actionCounter);
  const { run } = startRun(seed, size, speedrun, now, level(p, DungeonBoost.Perception));
  d.run = run;
  markDirty(p, Col.dungeon);
  ctx.conn.send("playerUpdate", { patch: dungeonFields(p) });
  ctx.conn.send("dungeonState", { state: dungeonStateOf(p, run) });
}
