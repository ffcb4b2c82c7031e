import { totalPetLevels } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";

/** The `potions` message: the belt (Amount) and the active potions (TicksRemaining). */
export function potionsMessage(p: LoadedPlayer): ServerPayload<"potions"> {
  return {
    belt: p.potions.belt.map((b) => ({
      boost: b.boost,
      tier: b.tier,
      amount: b.amount,
      autoConsume: b.autoConsume,
    })),
    active: p.potions.active.map((a) => {
      const stack = p.potions.belt.find((b) => b.boost === a.boost);
      return {
        boost: a.boost,
        tier: a.tier,
        ticksRemaining: a.ticks,
        autoConsume: stack?.autoConsume ?? false,
      };
    }),
  };
}

/** The `pets` message: every owned pet (Tier is the level), total levels, skins. */
export function petsMessage(p: LoadedPlayer): ServerPayload<"pets"> {
  const s = p.pets;
  return {
    pets: s.pets.map((pet) => ({
      type: pet.type,
      ...(pet.name !== "" ? { name: pet.name } : {}),
      skin: pet.skin,
      active: pet.active,
      tier: pet.level,
      experience: pet.xp,
    })),
    levels: totalPetLevels(s),
    ...(s.dungeonSkin
      ? { dungeonSkin: { petType: s.dungeonSkin.type, skin: s.dungeonSkin.skin } }
      : {}),
    unlockedSkins: s.skins.map((k) => ({ petType: k.type, skin: k.skin })),
  };
}
