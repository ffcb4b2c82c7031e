import { LootId, totalPetLevels, validatePlayerName } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, playerProfiles, players } from "../../db/schema";
import { toWireItem } from "../../world/item-rows";
import { loadItems } from "../../world/item-store";
import { fromRow, type LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import {
  battleSkill,
  fishingSkill,
  miningSkill,
  preferencesOf,
  totalBoosts,
  woodcuttingSkill,
} from "../../world/player-view";
import type { GuildDirectory } from "../leaderboards/guilds";

/** The profile record of the protocol (spec 001 section 3 "Profile"). */
export type WireProfile = NonNullable<ServerPayload<"profile">["profile"]>;

const { createdAt: _c, updatedAt: _u, ...playerColumns } = getTableColumns(players);

/**
 * Reads any player's public profile (issue 12): from memory when this process holds the player
 * (its newest state), else from the saved row and equipped items. Totals and levels come from
 * the same derivations the world uses (player-view.ts).
 */
export class ProfileReader {
  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
    private readonly guilds: GuildDirectory,
  ) {}

  /** By name (any case); undefined when nobody has it. */
  async byName(name: string): Promise<WireProfile | undefined> {
    const wanted = name.trim();
    if (validatePlayerName(wanted) !== null) return undefined;
    const [row] = await this.db
      .select({ id: players.id })
      .from(players)
      .where(eq(sql`lower(${players.name})`, wanted.toLowerCase()));
    return row ? this.byId(row.id) : undefined;
  }

  async byId(id: number): Promise<WireProfile | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const p = this.store.loaded.get(id) ?? (await this.readSaved(id));
    if (!p) return undefined;
    const [text] = await this.db
      .select({ text: playerProfiles.text })
      .from(playerProfiles)
      .where(eq(playerProfiles.playerId, id));
    return this.toProfile(p, text?.text ?? "");
  }

  /** A player as saved, as a stand-alone LoadedPlayer (never added to the store). */
  private async readSaved(id: number): Promise<LoadedPlayer | undefined> {
    const [row] = await this.db
      .select({
        player: playerColumns,
        guest: accounts.guest,
        banned: accounts.banned,
        role: accounts.role,
      })
      .from(players)
      .innerJoin(accounts, eq(accounts.id, players.accountId))
      .where(eq(players.id, id));
    if (!row) return undefined;
    const items = await loadItems(this.db, [id], (x) => x === id);
    const held = (items.get(id)?.held ?? []).filter((o) => o.equipped);
    return fromRow(row.player, row, { held, lentOut: [] });
  }

  private async toProfile(p: LoadedPlayer, profileText: string): Promise<WireProfile> {
    const guildId = this.guilds.guildOf(p.id);
    const guild = guildId !== undefined ? await this.guilds.info(guildId) : undefined;
    const equipment = [...p.inventory.items.values()]
      .filter((o) => o.equipped)
      .sort((a, b) => a.item.slot - b.item.slot)
      .map((o) => toWireItem(o, o.borrowerId !== null ? p.name : undefined));
    const profile: WireProfile = {
      id: p.id,
      name: p.name,
      title: p.title,
      titleColor: p.titleColor,
      banned: p.banned,
      profileText,
      actionType: p.actionType as WireProfile["actionType"],
      level: battleSkill(p).level,
      zone: p.zone as WireProfile["zone"],
      enemy: p.enemy,
      magicType: (p.magicType >= 1 && p.magicType <= 3
        ? p.magicType
        : 1) as WireProfile["magicType"],
      miningLevel: miningSkill(p).level,
      fishingLevel: fishingSkill(p).level,
      woodcuttingLevel: woodcuttingSkill(p).level,
      petLevels: totalPetLevels(p.pets),
      activePets: p.pets.pets.filter((pet) => pet.active).map((pet) => pet.type),
      equipment,
      sigilBoost: p.sigil.points,
      activeSigil: p.sigil.active,
      eventPoints: p.loot[LootId.EventPoints] ?? 0,
      kills: p.kills,
      deaths: p.deaths,
      highestEnemy: p.highestEnemy,
      battleQuestCompleted: p.battleQuestCompleted,
      // Counted where they happen (world.ts): a rift's actions are event actions, not gathering.
      gatherActions: p.gatherActions,
      gatherQuestCompleted: p.gatherQuestCompleted,
      eventActions: p.eventActions,
      potionsBrewed: p.potionsBrewed,
      boosts: p.boosts,
      totalBoosts: totalBoosts(p),
      nexusCrystal: guild?.nexusCrystal ?? 0,
      blockEnchants: preferencesOf(p).blockEnchants,
    };
    if (guildId !== undefined && guild) {
      profile.guildId = guildId;
      profile.guildName = guild.name;
    }
    return profile;
  }
}
