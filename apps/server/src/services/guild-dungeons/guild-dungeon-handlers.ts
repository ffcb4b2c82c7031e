import {
  applyMove,
  checkMove,
  chestsOpened,
  DungeonBoost,
  type DungeonRun,
  GUILD_DUNGEON_SIZE,
  type GuildObjective,
  guildDungeonSeed,
  guildEntryError,
  guildKnightEnemy,
  interact,
  ObjectiveKind,
  type ObjectiveKindValue,
  objectiveAt,
  objectiveText,
  startRun,
} from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import { type DungeonCombatWire, mapOf } from "../../world/dungeon-run-view";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { battleLevel } from "../../world/player-view";
import { interactHere } from "../dungeons/interact-here";
import { fightKnight } from "../dungeons/knight-fight";
import { guildIdOf, NOT_IN_GUILD } from "../guilds/guild-store";
import { completeObjective } from "./floor-store";
import type { GuildDungeons } from "./guild-dungeons";

export const NOT_IN_RUN = "You are not in your guild's dungeon.";

const level = (p: LoadedPlayer, id: number) => p.boosts[id] ?? 0;

/**
 * The guild dungeon (/dungeon-guild): enter and leave (`dungeonJoinGuild`), the floor's state
 * (`getGuildDungeon`), and the moves and interactions of the player's copy of the floor
 * (`dungeonMove` with `guild`, `dungeonInteract` with flag 1, dispatched by the dungeon
 * handlers). The run is the player's own, like a solo run; the objectives are the guild's, in
 * the database. A refusal is a GameError: a toast, nothing changed.
 */
export function guildDungeonHandlers(svc: GuildDungeons) {
  const { deps } = svc;

  const sendState = ({ conn, player }: HandlerContext, combat?: DungeonCombatWire) => {
    const run = player.dungeon.guildRun;
    if (run) conn.send("dungeonState", { state: svc.stateOf(player, run, combat) });
  };

  /** The player's run, still of their guild and of its current floor (else it ends). */
  const currentRun = (
    ctx: HandlerContext,
  ): DungeonRun & { guild: { guildId: number; level: number } } => {
    const run = ctx.player.dungeon.guildRun;
    if (!run?.guild) throw new GameError(NOT_IN_RUN);
    const ended = () => {
      svc.endRun(ctx.player);
      svc
        .send(ctx.player)
        .catch((err) => deps.log?.warn({ err }, "sending the guild dungeon failed"));
    };
    if (deps.guilds.guildOf(ctx.player.id) !== run.guild.guildId) {
      ended();
      throw new GameError("You left the guild: your guild dungeon run ended.");
    }
    const known = svc.levels.get(run.guild.guildId);
    if (known !== undefined && known !== run.guild.level) {
      ended();
      throw new GameError(
        `Your guild cleared floor ${run.guild.level}: enter floor ${known} from the guild dungeon.`,
      );
    }
    return run as DungeonRun & { guild: { guildId: number; level: number } };
  };

  /** An objective done in the player's copy: recorded for the guild (once), told to all. */
  const complete = async (ctx: HandlerContext, run: DungeonRun, o: GuildObjective) => {
    const p = ctx.player;
    const g = run.guild;
    if (!g) return;
    const { map, objectives } = svc.floor(g.guildId, g.level);
    const text = objectiveText(map, o);
    let counted = false;
    const value = await deps.store.transact({
      players: [p],
      order: "alone",
      stateLast: true,
      work: async (tx) => {
        const outcome = await completeObjective(tx, {
          guildId: g.guildId,
          level: g.level,
          objective: o.id,
          total: objectives.length,
          playerId: p.id,
          playerName: p.name,
          now: Date.now(),
        });
        if (outcome.kind === "done") {
          p.dungeon.guildObjectives++;
          markDirty(p, Col.dungeon);
          counted = true;
        }
        return outcome;
      },
      undo: () => {
        if (counted) p.dungeon.guildObjectives--;
        counted = false;
      },
    });
    if (value.kind === "already") {
      ctx.conn.toast(`${value.by || "Another member"} already completed this objective: ${text}.`);
      return;
    }
    if (value.kind === "notMember") {
      svc.endRun(p, "You are no longer in that guild: your guild dungeon run ended.");
      await svc.send(p);
      return;
    }
    if (value.kind === "stale") {
      svc.levels.set(g.guildId, value.level);
      svc.endStale(p, g.guildId, value.level);
      await svc.send(p);
      return;
    }
    ctx.conn.toast(`Objective complete: ${text}.`);
    const key = `${g.guildId}:${g.level}:${o.id}`;
    const told = `${p.name} completed a guild dungeon objective: ${text}.`;
    for (const id of await deps.guilds.directory.members(g.guildId)) {
      if (id === p.id) continue;
      deps.guilds.tell(id, told);
      deps.notifyOffline(id, told, key);
    }
    if (value.cleared) {
      svc.levels.set(g.guildId, value.cleared.nextLevel);
      const cleared = `The guild cleared dungeon floor ${g.level}! The guild dungeon is now level ${value.cleared.nextLevel}.`;
      for (const id of await deps.guilds.directory.members(g.guildId))
        deps.guilds.tell(id, cleared);
      for (const c of value.cleared.credits) await deps.inbox.arrived(c.playerId);
      svc.endStale(p, g.guildId, value.cleared.nextLevel);
    }
    // Every member's screen (here and on the other processes) gets the floor again.
    deps.guilds.changed(g.guildId);
  };

  /** The objective this event completes in the run's floor, if any. */
  const objectiveOf = (run: DungeonRun, kind: ObjectiveKindValue, cell: number) => {
    const g = run.guild;
    return g ? objectiveAt(svc.floor(g.guildId, g.level).objectives, kind, cell) : undefined;
  };

  const move = async (ctx: HandlerContext, x: number, y: number) => {
    const p = ctx.player;
    const run = currentRun(ctx);
    const map = mapOf(run);
    const now = Date.now();
    const check = checkMove(map, run, x, y, now, level(p, DungeonBoost.Swiftness));
    if (!check.ok) throw new GameError(check.error);
    const outcome = applyMove(map, run, check.cell, now, level(p, DungeonBoost.Perception));
    markDirty(p, Col.dungeon);
    if (outcome.kind === "fight") {
      const boss = objectiveOf(run, ObjectiveKind.Knight, check.cell);
      const enemyOf = (health?: number) =>
        guildKnightEnemy(outcome.occupant, battleLevel(p), run.guild.level, !!boss, health);
      const fight = fightKnight(
        p,
        map,
        run,
        { ...outcome, now },
        enemyOf(run.wounds[check.cell]),
        enemyOf().health,
      );
      sendState(ctx, fight.combat);
      ctx.conn.toast(fight.text);
      if (fight.won && boss) await complete(ctx, run, boss);
      return;
    }
    if (outcome.kind === "moved" && level(p, DungeonBoost.AutoLoot) > 0) {
      const cell = run.y * map.side + run.x;
      const opened = chestsOpened(run);
      interact(map, run, run.interactedAt);
      sendState(ctx);
      const vault = objectiveOf(run, ObjectiveKind.Vault, cell);
      if (vault && chestsOpened(run) > opened) await complete(ctx, run, vault);
      return;
    }
    sendState(ctx);
  };

  const interactInRun = async (ctx: HandlerContext) => {
    const p = ctx.player;
    const run = currentRun(ctx);
    const { result, cell } = interactHere(p, run, Date.now());
    if (result.kind === "exit") {
      const exit = objectiveOf(run, ObjectiveKind.Exit, cell);
      svc.endRun(p);
      ctx.conn.toast("You left the guild dungeon.");
      if (exit) await complete(ctx, run, exit);
      await svc.send(p);
      return;
    }
    sendState(ctx);
    if (result.kind === "chest") {
      if (result.key > 0) ctx.conn.toast(`You found key ${result.key}.`);
      const vault = objectiveOf(run, ObjectiveKind.Vault, cell);
      if (vault) await complete(ctx, run, vault);
    }
  };

  const handlers: Handlers = {
    async hydrate(ctx) {
      // A run under way resumes after a reconnect (its floor may have been cleared meanwhile).
      if (ctx.player.dungeon.guildRun) await svc.send(ctx.player);
      sendState(ctx);
    },

    async getGuildDungeon(ctx) {
      await svc.send(ctx.player);
      sendState(ctx);
    },

    async dungeonJoinGuild(ctx, { join }) {
      const p = ctx.player;
      if (!join) {
        if (!p.dungeon.guildRun) throw new GameError(NOT_IN_RUN);
        svc.endRun(p);
        ctx.conn.toast("You left the guild dungeon.");
        await svc.send(p);
        return;
      }
      const guildId = await guildIdOf(deps.db, p.id);
      if (guildId === undefined) throw new GameError(NOT_IN_GUILD);
      const floor = await svc.read(guildId);
      if (!floor) throw new GameError(NOT_IN_GUILD);
      const refusal = guildEntryError(floor.level, battleLevel(p));
      if (refusal) throw new GameError(refusal);
      const g = p.dungeon.guildRun?.guild;
      if (!g || g.guildId !== guildId || g.level !== floor.level) {
        const { run } = startRun(
          guildDungeonSeed(guildId, floor.level),
          GUILD_DUNGEON_SIZE,
          false,
          Date.now(),
          level(p, DungeonBoost.Perception),
          { guildId, level: floor.level },
        );
        p.dungeon.guildRun = run;
        markDirty(p, Col.dungeon);
      }
      ctx.conn.send("guildDungeon", { state: svc.wire(floor, p.dungeon.guildRun) });
      sendState(ctx);
    },
  };

  return { handlers, move, interact: interactInRun };
}

export type GuildDungeonPlay = ReturnType<typeof guildDungeonHandlers>;
