import { LogCategory, LootId, USERNAME_CHANGE_COST, validateNewPlayerName } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { GameError } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { isUniqueViolation, LOCAL } from "../accounts";
import type { PremiumDeps } from "./premium-deps";

const TAKEN = "That name is taken.";

/**
 * `renamePlayer(name)` for 5 Crystallized Mana (spec 001: the name rules of sign-up). The
 * payment leaves the player's memory and the whole unsaved state is written with the new name
 * (and the password sign-in's name) in one transaction; a taken name (any case) or a failure
 * puts the payment back. The name is not a flushed column: memory follows the committed row.
 */
export async function renamePlayer(
  deps: PremiumDeps,
  player: LoadedPlayer,
  raw: string,
): Promise<void> {
  const name = raw.trim();
  const ruleBroken = validateNewPlayerName(name);
  if (ruleBroken) throw new GameError(ruleBroken);
  if (player.guest) {
    throw new GameError("Guest accounts choose a name by claiming the account in Settings.");
  }
  if (name === player.name) throw new GameError(`You are already called ${name}.`);
  if (deps.isStaffName(name) && name.toLowerCase() !== player.name.toLowerCase()) {
    throw new GameError(TAKEN);
  }
  const pay = (sign: 1 | -1) => {
    const held = player.loot[LootId.CrystallizedMana] ?? 0;
    player.loot[LootId.CrystallizedMana] = held - sign * USERNAME_CHANGE_COST;
    markDirty(player, Col.loot);
  };
  const old = player.name;
  await deps.store
    .transact({
      players: [player],
      order: "alone",
      take: () => {
        if ((player.loot[LootId.CrystallizedMana] ?? 0) < USERNAME_CHANGE_COST) {
          throw new GameError(
            `A new name costs ${USERNAME_CHANGE_COST} Crystallized Mana; buy some on the market.`,
          );
        }
        pay(1);
      },
      undo: () => pay(-1),
      work: async (tx) => {
        await tx.execute(sql`update players set name = ${name} where id = ${player.id}`);
        await tx.execute(sql`
          update identities set provider_id = ${name.toLowerCase()}
          where account_id = ${player.accountId} and provider = ${LOCAL}`);
      },
      committed: () => {
        player.name = name;
      },
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw new GameError(TAKEN);
      throw err;
    });
  deps.activityLog.record(
    player.id,
    LogCategory.Account,
    `You changed your name from ${old} to ${name}.`,
  );
  deps.sessions.send(player.id, "playerUpdate", {
    patch: {
      name,
      loot: { [LootId.CrystallizedMana]: player.loot[LootId.CrystallizedMana] ?? 0 },
    },
  });
  deps.sessions.send(player.id, "toast", { text: `You are now called ${name}.` });
}
