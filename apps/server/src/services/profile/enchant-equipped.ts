import { enchantItem, LogCategory, lootById } from "@manaspire/game";
import { GameError, type HandlerContext } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { OwnedElsewhereError } from "../../world/player-store";
import { preferencesOf } from "../../world/player-view";
import { lootPatch, statsPatch, totalsBefore } from "../../world/stat-patch";
import { addLoot, debit, type ItemDeps, pushItem } from "../items/common";
import { enchantingSkillOf } from "../items/guild-enchanting";

/** What the enchanter wants done: an enchant skill (60-71) at a rank on another's worn item. */
export interface EnchantRequest {
  playerId: number;
  itemId: number;
  skill: number;
  rank: number;
}

const ENCHANT_NAMES: Record<number, string> = {
  60: "Inferno",
  61: "Tidal Wrath",
  62: "Wildheart",
  63: "Fire Resistance",
  64: "Water Resistance",
  65: "Nature Resistance",
  66: "Insight",
  67: "Bountiful Harvest",
  68: "Prosperity",
  69: "Fortune",
  70: "Growth",
  71: "Vitality",
};

/**
 * Enchanting an item another player wears, from their profile (spec 001 section 6). The
 * enchanter's skill rank and reagents pay, by the same rule as enchanting one's own item
 * (`enchantItem`). Refused when the wearer blocks enchants (preference BlockEnchants), is
 * banned, or the item is not theirs to have changed (borrowed). The wearer is loaded here as
 * their owner (like a lent item taken back); one transaction writes both players' whole state
 * (the enchanter's spent reagents, the wearer's item), so neither is saved without the other.
 * Returns the wearer.
 */
export async function enchantEquipped(
  deps: ItemDeps,
  { player }: HandlerContext,
  req: EnchantRequest,
): Promise<LoadedPlayer> {
  if (req.playerId === player.id) {
    throw new GameError("Enchant your own gear from its upgrade page.");
  }
  const wearer = await wearerOf(deps, req.playerId);
  // With Quality of Life, the best rank among the enchanter's guild (guild-enchanting.ts).
  const skillRank = await enchantingSkillOf(deps, player, req.skill);
  const check = () => {
    refusal(wearer);
    const owned = wearer.inventory.get(req.itemId);
    if (!owned?.equipped) throw new GameError(`${wearer.name} is not wearing that item.`);
    if (owned.borrowerId !== null) {
      throw new GameError(
        `${wearer.name} borrowed that item; only its owner's gear can be enchanted.`,
      );
    }
    const result = enchantItem(owned.item, req.skill, req.rank, {
      skillRank,
      wallet: player.loot,
      dateMs: Date.now(),
    });
    if (typeof result === "string") throw new GameError(result);
    return { owned, result };
  };
  check(); // cheap refusals before waiting for the store
  const enchant = ENCHANT_NAMES[req.skill] ?? "an enchant";
  type Checked = ReturnType<typeof check>;
  /** What `take` changed: `undo` puts it back, the messages after the commit tell it. */
  let done!: Checked & {
    previous: Checked["owned"]["item"];
    before: ReturnType<typeof totalsBefore>;
    spent: ReturnType<typeof debit>;
    itemName: string;
  };
  await deps.store.transact({
    players: [player, wearer],
    take: () => {
      const { owned, result } = check(); // again: either player may have changed meanwhile
      const before = totalsBefore(wearer);
      const previous = owned.item;
      const spent = debit(player, result.cost);
      wearer.inventory.replace(owned, result.item);
      done = { owned, result, previous, before, spent, itemName: previous.name };
    },
    undo: () => {
      const back: Record<number, number> = {};
      for (const c of done.result.cost) back[c.lootId] = c.amount;
      addLoot(player, back);
      wearer.inventory.replace(done.owned, done.previous);
    },
    work: (tx) => {
      const costText = done.result.cost
        .map(
          (c) =>
            `${c.amount.toLocaleString("en")} ${lootById(c.lootId)?.name ?? `loot ${c.lootId}`}`,
        )
        .join(", ");
      return deps.activityLog.writeIn(tx, [
        {
          playerId: player.id,
          category: LogCategory.Transfer,
          text: `Enchanted ${wearer.name}'s ${done.itemName} with ${enchant} ${req.rank} (${costText || "no reagents"}).`,
        },
        {
          playerId: wearer.id,
          category: LogCategory.Transfer,
          text: `${player.name} enchanted your ${done.itemName} with ${enchant} ${req.rank}.`,
        },
      ]);
    },
  });
  const { sessions } = deps;
  sessions.send(player.id, "playerUpdate", { patch: { loot: lootPatch(player, done.spent) } });
  sessions.send(player.id, "toast", {
    text: `Enchanted ${wearer.name}'s ${done.itemName} with ${enchant} ${req.rank}.`,
  });
  pushItem(sessions, wearer, done.owned);
  sessions.send(wearer.id, "playerUpdate", { patch: statsPatch(wearer, done.before) });
  sessions.send(wearer.id, "toast", {
    text: `${player.name} enchanted your ${done.itemName} with ${enchant} ${req.rank}.`,
  });
  return wearer;
}

/** The wearer, loaded here (their owner from now on); refusals name why not. */
async function wearerOf(deps: ItemDeps, id: number): Promise<LoadedPlayer> {
  try {
    const p = await deps.store.get(id);
    if (!p) throw new GameError("Player not found.");
    return p;
  } catch (err) {
    if (err instanceof OwnedElsewhereError) {
      throw new GameError(
        "That player is playing on another server right now; try again in a minute.",
      );
    }
    throw err;
  }
}

function refusal(wearer: LoadedPlayer): void {
  if (wearer.banned)
    throw new GameError(`${wearer.name} is banned; their gear cannot be enchanted.`);
  if (preferencesOf(wearer).blockEnchants) {
    throw new GameError(`${wearer.name} does not allow others to enchant their equipment.`);
  }
}
