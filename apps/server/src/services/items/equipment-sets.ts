import { equipError, hasVisibleText, hiddenCharacterError } from "@manaspire/game";
import type { EquipmentSet } from "@manaspire/protocol";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { batchedRead, groupBy } from "../../db/batched-read";
import type { Db } from "../../db/client";
import { type EquipmentSetRow, equipmentSets } from "../../db/schema";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import type { OwnedItem } from "../../world/inventory";
import { idArray } from "../../world/item-store";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { skillLevels } from "../../world/player-view";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import { SerialByKey } from "../serial-by-key";
import { type ItemDeps, pushItem } from "./common";

/** At most this many sets per player (design). */
export const MAX_SETS = 20;
export const MAX_SET_NAME = 30;

function toWire(row: EquipmentSetRow): EquipmentSet {
  const set: EquipmentSet = {
    name: row.name,
    itemIds: row.itemIds.slice(0, 16),
    active: row.active,
  };
  if (row.sigil !== null) set.sigilId = row.sigil;
  return set;
}

/** The trimmed name; refuses hidden characters (shared rule) and names with nothing visible. */
function checkName(raw: string): string {
  const hidden = hiddenCharacterError(raw, "Set names");
  if (hidden) throw new GameError(hidden);
  const name = raw.trim();
  if (!hasVisibleText(name)) throw new GameError("Give the equipment set a name.");
  if (name.length > MAX_SET_NAME) {
    throw new GameError(`Set names can be at most ${MAX_SET_NAME} characters.`);
  }
  return name;
}

/** Equips exactly `wanted` (one per slot): everything else comes off. Returns what changed. */
function equipExactly(p: LoadedPlayer, wanted: ReadonlySet<OwnedItem>): OwnedItem[] {
  const changed: OwnedItem[] = [];
  for (const owned of p.inventory.items.values()) {
    if (owned.equipped !== wanted.has(owned)) {
      p.inventory.setEquipped(owned, wanted.has(owned));
      changed.push(owned);
    }
  }
  return changed;
}

/**
 * Equipment sets (spec: name, items, sigil; one is active). Rows are written directly (they
 * are rare, small and per player); calls of one player run one at a time.
 */
export function equipmentSetHandlers(deps: ItemDeps): Handlers {
  const { db, sessions } = deps;
  const queues = new SerialByKey<number>();

  /** Runs the player's set calls one after another. */
  function serial(playerId: number, fn: () => Promise<void>): Promise<void> {
    return queues.run(playerId, fn);
  }

  /** The sets of the players asked for in one turn (a crowd hydrating), read together. */
  const setsOf = batchedRead(
    (ids: readonly number[]) => setsByPlayer(db, ids),
    () => [],
  );

  async function send({ conn, player }: HandlerContext): Promise<void> {
    conn.send("equipmentSets", { sets: (await setsOf(player.id)).map(toWire) });
  }

  /** Saves what is equipped now (and the active sigil) under `name`, as the active set. */
  async function save(p: LoadedPlayer, name: string, create: boolean): Promise<void> {
    const sets = await listSets(db, p.id);
    const same = sets.find((s) => s.name === name);
    if (create) {
      if (sets.some((s) => s.name.toLowerCase() === name.toLowerCase())) {
        throw new GameError(`You already have a set named ${name}.`);
      }
      if (sets.length >= MAX_SETS) throw new GameError(`You can have at most ${MAX_SETS} sets.`);
    } else if (!same) {
      throw new GameError(`You have no set named ${name}.`);
    }
    const values = {
      itemIds: [...p.inventory.equipped()].sort((a, b) => a.slot - b.slot).map((i) => i.id),
      sigil: p.sigil.active > 0 ? p.sigil.active : null,
      active: true,
    };
    await db.transaction(async (tx) => {
      await tx.update(equipmentSets).set({ active: false }).where(eq(equipmentSets.playerId, p.id));
      if (create) await tx.insert(equipmentSets).values({ playerId: p.id, name, ...values });
      else await tx.update(equipmentSets).set(values).where(byName(p.id, name));
    });
  }

  return {
    hydrate(ctx) {
      return send(ctx);
    },

    equipmentSetList(ctx) {
      return send(ctx);
    },

    equipmentSetCreate(ctx, { name }) {
      const clean = checkName(name);
      return serial(ctx.player.id, async () => {
        await save(ctx.player, clean, true);
        await send(ctx);
      });
    },

    equipmentSetUpdate(ctx, { name }) {
      const clean = checkName(name);
      return serial(ctx.player.id, async () => {
        await save(ctx.player, clean, false);
        await send(ctx);
      });
    },

    equipmentSetDelete(ctx, { name }) {
      const clean = checkName(name);
      return serial(ctx.player.id, async () => {
        const deleted = await db
          .delete(equipmentSets)
          .where(byName(ctx.player.id, clean))
          .returning({ name: equipmentSets.name });
        if (deleted.length === 0) throw new GameError(`You have no set named ${clean}.`);
        await send(ctx);
      });
    },

    equipmentSetEquip(ctx, { name }) {
      const clean = checkName(name);
      return serial(ctx.player.id, async () => {
        const set = (await listSets(db, ctx.player.id)).find((s) => s.name === clean);
        if (!set) throw new GameError(`You have no set named ${clean}.`);
        await db.transaction(async (tx) => {
          await tx
            .update(equipmentSets)
            .set({ active: false })
            .where(and(eq(equipmentSets.playerId, ctx.player.id), ne(equipmentSets.name, clean)));
          await tx.update(equipmentSets).set({ active: true }).where(byName(ctx.player.id, clean));
        });
        wear(ctx, set);
        await send(ctx);
      });
    },
  };

  /** Puts the set on: its items still held and wearable, one per slot, and its sigil. */
  function wear(ctx: HandlerContext, set: EquipmentSetRow): void {
    const { player, conn } = ctx;
    const levels = skillLevels(player);
    const wanted = new Set<OwnedItem>();
    const slots = new Set<number>();
    let skipped = 0;
    for (const id of set.itemIds) {
      const owned = player.inventory.get(Number(id));
      if (!owned || slots.has(owned.item.slot) || equipError(owned.item, levels) !== null) {
        skipped++;
        continue;
      }
      wanted.add(owned);
      slots.add(owned.item.slot);
    }
    const before = totalsBefore(player);
    const changed = equipExactly(player, wanted);
    const sigilChanged = set.sigil !== null && set.sigil !== player.sigil.active;
    if (sigilChanged) {
      player.sigil = { ...player.sigil, active: set.sigil ?? 0 };
      player.statsVersion++;
      markDirty(player, Col.sigil);
    }
    for (const owned of changed) pushItem(sessions, player, owned);
    conn.send("playerUpdate", {
      patch: {
        ...statsPatch(player, before),
        ...(sigilChanged ? { activeSigil: player.sigil.active } : {}),
      },
    });
    if (skipped > 0) {
      conn.toast(
        `${skipped} ${skipped === 1 ? "item" : "items"} of ${set.name} could not be equipped.`,
      );
    }
  }
}

function byName(playerId: number, name: string) {
  return and(eq(equipmentSets.playerId, playerId), eq(equipmentSets.name, name));
}

/** The players' sets, each player's in `listSets`' order. */
async function setsByPlayer(
  db: Db,
  playerIds: readonly number[],
): Promise<Map<number, EquipmentSetRow[]>> {
  const rows = await db
    .select()
    .from(equipmentSets)
    .where(sql`${equipmentSets.playerId} = any(${idArray(playerIds)}::int8[])`)
    .orderBy(asc(equipmentSets.createdAt), asc(equipmentSets.name));
  return groupBy(rows, (row) => row.playerId);
}

async function listSets(db: Db, playerId: number): Promise<EquipmentSetRow[]> {
  return db
    .select()
    .from(equipmentSets)
    .where(eq(equipmentSets.playerId, playerId))
    .orderBy(asc(equipmentSets.createdAt), asc(equipmentSets.name));
}
