import { GUILD_XP_BASE, guildEffects, levelFromExperience } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../cluster/bus";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";
import type { Sessions } from "../../socket/sessions";
import { memberGuildDiffers, setMemberGuild } from "../../world/guild-effects";
import type { GuildTaxRule } from "../../world/guild-tax";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import type { GuildOf } from "../guild-of";
import type { GuildDirectory } from "../leaderboards/guilds";
import { SerialByKey } from "../serial-by-key";
import { amounts, guildRow, type LiveMember, memberIds, rosterOf, wireGuild } from "./guild-store";

/** How often the membership cache is read again in full (the safety net of the bus). */
export const GUILD_CACHE_RELOAD_MS = 15_000;

/**
 * Who is in which guild, as this process knows it (chat's Guild channel, the guild log, the
 * leaderboards' guild filter), and the pushes of guild state to members' sockets. The
 * database is authoritative: every guild call checks membership and permission there, inside
 * its transaction; this cache only routes lines and views. A change made here updates it at
 * once and is announced on the bus; the others read the changed players again.
 */
export class GuildService {
  private readonly memberOf = new Map<number, number>();
  /** Every member's tax and guild effects (read with the memberships), by player. */
  private readonly taxRules = new Map<number, GuildTaxRule>();
  /** Each guild's level as last read (a change is pushed to its members' screens). */
  private readonly levels = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  /** One guild's screen pushes, one after another (`pushGuild`). */
  private readonly screens = new SerialByKey<number>();
  /** Players who left a guild, for its next push (they get their new state). */
  private readonly leftOf = new Map<number, Set<number>>();
  /** Told when a player's guild changed here or elsewhere (chat opens or closes the channel). */
  onMembershipChanged: (playerId: number) => void = () => {};
  /**
   * Told after a guild's state went to its members online here (a change made here or heard
   * from another process), with those members: the guild dungeon pushes its floor.
   */
  onPushed: (guildId: number, online: ReadonlySet<number>) => void = () => {};

  constructor(
    readonly db: Db,
    readonly store: PlayerStore,
    readonly sessions: Sessions,
    private readonly bus: Bus,
    private readonly log?: FastifyBaseLogger,
  ) {
    store.onLoaded = (p) => {
      this.syncPlayer(p);
    };
    bus.on((msg) => {
      if (msg.k !== "guild") return;
      this.heard(msg.guildId, msg.playerIds).catch((err) =>
        this.log?.warn({ err }, "applying a guild change failed"),
      );
    });
  }

  readonly guildOf: GuildOf = (playerId) => this.memberOf.get(playerId);

  /** The tax a member's loot owes now (the world's ticks ask); undefined: none. */
  readonly taxRule = (playerId: number): GuildTaxRule | undefined => this.taxRules.get(playerId);

  /**
   * Reads the tax rules and effects of one guild's members (or every guild's) again, and gives
   * the loaded players here their guild's effects (those who left lose them).
   */
  private async loadRules(guildId?: number): Promise<void> {
    const rows = resultRows<{
      player_id: string | number;
      guild_id: string | number;
      tax: unknown;
      upgrades: unknown;
      experience: string | number;
    }>(
      await this.db.execute(sql`
        select m.player_id, m.guild_id, r.tax, g.upgrades, g.experience
        from guild_members m
        join guilds g on g.id = m.guild_id
        left join guild_ranks r on r.guild_id = m.guild_id and r.rank_id = m.rank_id
        ${guildId === undefined ? sql`` : sql`where m.guild_id = ${guildId}`}`),
    );
    const touched = new Set<number>();
    if (guildId === undefined) {
      for (const id of this.taxRules.keys()) touched.add(id);
      this.taxRules.clear();
    } else {
      for (const [id, rule] of this.taxRules) {
        if (rule.guildId !== guildId) continue;
        this.taxRules.delete(id);
        touched.add(id);
      }
    }
    const levelUps = new Set<number>();
    const effectsOf = new Map<number, GuildTaxRule["effects"]>();
    for (const r of rows) {
      const gid = Number(r.guild_id);
      let effects = effectsOf.get(gid);
      if (!effects) {
        const upgrades = amounts(
          typeof r.upgrades === "string" ? JSON.parse(r.upgrades) : r.upgrades,
        );
        const level = levelFromExperience(GUILD_XP_BASE, Number(r.experience) || 0);
        const before = this.levels.get(gid);
        if (before !== undefined && before !== level) levelUps.add(gid);
        this.levels.set(gid, level);
        effects = Object.freeze(guildEffects(upgrades, level));
        effectsOf.set(gid, effects);
      }
      const playerId = Number(r.player_id);
      this.taxRules.set(playerId, {
        guildId: gid,
        rates: amounts(typeof r.tax === "string" ? JSON.parse(r.tax) : r.tax),
        boost: effects.taxBoost,
        effects,
      });
      touched.add(playerId);
    }
    if (guildId === undefined) {
      for (const p of this.store.loaded.values()) this.syncPlayer(p);
    } else {
      for (const id of touched) {
        const p = this.store.loaded.get(id);
        if (p) this.syncPlayer(p);
      }
    }
    for (const gid of levelUps) {
      this.pushGuild(gid).catch((err) => this.log?.warn({ err }, "pushing guild state failed"));
    }
  }

  /**
   * Gives a loaded player their guild's effects as last read (none without a guild): the next
   * action uses them. A player online here sees the changed max actions and stats at once.
   */
  private syncPlayer(p: LoadedPlayer): void {
    const rule = this.taxRules.get(p.id);
    const next = rule ? { guildId: rule.guildId, effects: rule.effects } : undefined;
    if (!memberGuildDiffers(p, next)) return;
    const before = this.sessions.has(p.id) ? totalsBefore(p) : undefined;
    setMemberGuild(p, next);
    if (!before) return;
    this.sessions.send(p.id, "playerUpdate", { patch: statsPatch(p, before) });
  }

  /** What leaderboards and profiles read. */
  readonly directory: GuildDirectory = {
    guildOf: this.guildOf,
    members: async (guildId) => memberIds(this.db, guildId),
    info: async (guildId) => {
      const g = await guildRow(this.db, guildId);
      return g ? { name: g.name, nexusCrystal: g.upgrades[3] ?? 0 } : undefined;
    },
  };

  async start(): Promise<void> {
    await this.reload();
    this.timer ??= setInterval(() => {
      this.reload().catch((err) => this.log?.warn({ err }, "guild cache reload failed"));
    }, GUILD_CACHE_RELOAD_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async reload(): Promise<void> {
    const rows = resultRows<{ player_id: string | number; guild_id: string | number }>(
      await this.db.execute(sql`select player_id, guild_id from guild_members`),
    );
    const next = new Map(rows.map((r) => [Number(r.player_id), Number(r.guild_id)]));
    const changed: number[] = [];
    for (const [id, g] of next) if (this.memberOf.get(id) !== g) changed.push(id);
    for (const id of this.memberOf.keys()) if (!next.has(id)) changed.push(id);
    this.memberOf.clear();
    for (const [id, g] of next) this.memberOf.set(id, g);
    for (const id of changed) this.onMembershipChanged(id);
    await this.loadRules();
  }

  /** After a committed change: the cache, the other processes and the members' screens. */
  changed(guildId: number, membership: ReadonlyArray<[number, number | undefined]> = []): void {
    for (const [playerId, g] of membership) {
      if (g === undefined) this.memberOf.delete(playerId);
      else this.memberOf.set(playerId, g);
      this.onMembershipChanged(playerId);
    }
    for (const [playerId, g] of membership) {
      if (g !== undefined) continue;
      this.taxRules.delete(playerId);
      const p = this.store.loaded.get(playerId);
      if (p) this.syncPlayer(p);
    }
    this.loadRules(guildId).catch((err) => this.log?.warn({ err }, "reading guild taxes failed"));
    this.bus.publish({ k: "guild", guildId, playerIds: membership.map(([id]) => id) });
    this.pushGuild(
      guildId,
      membership.map(([id]) => id),
    ).catch((err) => this.log?.warn({ err }, "pushing guild state failed"));
  }

  private async heard(guildId: number, playerIds: readonly number[]): Promise<void> {
    if (playerIds.length > 0) {
      const rows = resultRows<{ player_id: string | number; guild_id: string | number }>(
        await this.db.execute(
          sql`select player_id, guild_id from guild_members where player_id in (${sql.join(
            playerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
      const found = new Map(rows.map((r) => [Number(r.player_id), Number(r.guild_id)]));
      for (const id of playerIds) {
        const g = found.get(id);
        if (g === undefined) {
          this.memberOf.delete(id);
          this.taxRules.delete(id);
          const p = this.store.loaded.get(id);
          if (p) this.syncPlayer(p);
        } else this.memberOf.set(id, g);
        this.onMembershipChanged(id);
      }
    }
    await this.loadRules(guildId);
    await this.pushGuild(guildId, playerIds);
  }

  /**
   * The guild's state (and roster) to its members online here; `extra`: players who left.
   * One guild's pushes (and its members' own refreshes) run one after another, and a push
   * asked for while another waits joins it: each read starts after the change that asked for
   * it, and the last sent is the newest (guild-screens.test).
   */
  pushGuild(guildId: number, extra: readonly number[] = []): Promise<void> {
    const left = this.leftOf.get(guildId) ?? new Set<number>();
    for (const id of extra) left.add(id);
    this.leftOf.set(guildId, left);
    return this.screens.coalesce(guildId, () => {
      const gone = this.leftOf.get(guildId) ?? new Set<number>();
      this.leftOf.delete(guildId);
      return this.pushNow(guildId, gone);
    });
  }

  private async pushNow(guildId: number, extra: ReadonlySet<number>): Promise<void> {
    const online = new Set<number>();
    for (const [playerId, g] of this.memberOf) {
      if (g === guildId && this.sessions.has(playerId)) online.add(playerId);
    }
    for (const id of extra) {
      if (this.sessions.has(id) && this.memberOf.get(id) !== guildId) {
        await this.sendStateNow(id);
      }
    }
    if (online.size === 0) return;
    const roster = await rosterOf(this.db, guildId, (id) => this.live(id));
    for (const id of online) {
      const guild = await wireGuild(this.db, guildId, id);
      this.sessions.send(id, "guild", { guild });
      this.sessions.send(id, "guildRoster", { members: roster });
    }
    this.onPushed(guildId, online);
  }

  /** One player's guild (or none) to their sockets, after their guild's pushes under way. */
  sendState(playerId: number): Promise<void> {
    const guildId = this.memberOf.get(playerId);
    if (guildId === undefined) return this.sendStateNow(playerId);
    return this.screens.run(guildId, () => this.sendStateNow(playerId));
  }

  private async sendStateNow(playerId: number): Promise<void> {
    const guildId = this.memberOf.get(playerId);
    const guild = guildId === undefined ? undefined : await wireGuild(this.db, guildId, playerId);
    this.sessions.send(playerId, "guild", { guild });
    if (guild && guildId !== undefined) {
      const members = await rosterOf(this.db, guildId, (id) => this.live(id));
      this.sessions.send(playerId, "guildRoster", { members });
    }
  }

  live(playerId: number): LiveMember | undefined {
    const p = this.store.loaded.get(playerId);
    if (!p) return undefined;
    return {
      battleXp: p.battleXp,
      miningXp: p.miningXp,
      fishingXp: p.fishingXp,
      woodcuttingXp: p.woodcuttingXp,
      actionType: p.actionType,
      actionCounter: p.actionCounter,
      online: this.sessions.has(playerId),
    };
  }

  /** A toast for a player wherever their sockets are. */
  tell(playerId: number, text: string): void {
    this.sessions.send(playerId, "toast", { text });
    this.bus.publish({ k: "toast", playerId, text });
  }
}
