import {
  buyPetSkin,
  displayName,
  feedPet,
  type PetChange,
  petType,
  renamePet,
  selectPet,
  setPetSkin,
  unlockPet,
} from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../socket/handlers";
import { companionsChanged } from "../world/companion-effects";
import { petsMessage } from "../world/companion-view";
import { Col, markDirty } from "../world/player-columns";
import { lootPatch, statsPatch, totalsBefore } from "../world/stat-patch";
import { debit } from "./items/common";

/**
 * Pets (spec 000 section 7: petSelect, petUnlock, petFeed, petRename, petSetSkin, petBuySkin;
 * our getPets). The rules (packages/game pets/roster.ts) decide; a refusal changes nothing.
 * A change answers with `pets`, the loot spent, and the totals (a pet's effects count at once).
 */
export function petHandlers(): Handlers {
  const apply = (ctx: HandlerContext, change: PetChange, toast?: string) => {
    if (!change.ok) throw new GameError(change.error);
    const { player, conn } = ctx;
    const before = totalsBefore(player);
    const spent = debit(player, change.cost);
    player.pets = change.state;
    companionsChanged(player);
    markDirty(player, Col.pets);
    conn.send("pets", petsMessage(player));
    conn.send("playerUpdate", {
      patch: {
        ...(spent.length > 0 ? { loot: lootPatch(player, spent) } : {}),
        unlockedSkins: player.pets.skins.map((k) => ({ petType: k.type, skin: k.skin })),
        ...statsPatch(player, before),
      },
    });
    if (toast) conn.toast(toast);
  };
  const petName = (ctx: HandlerContext, type: number) => {
    const own = ctx.player.pets.pets.find((p) => p.type === type);
    return own ? displayName(own) : (petType(type)?.name ?? "Pet");
  };

  return {
    hydrate({ conn, player }) {
      conn.send("pets", petsMessage(player));
    },
    getPets({ conn, player }) {
      conn.send("pets", petsMessage(player));
    },
    petUnlock(ctx, { petType: type }) {
      apply(ctx, unlockPet(ctx.player.pets, type, ctx.player.loot));
      ctx.conn.toast(`${petName(ctx, type)} joined you!`);
    },
    petSelect(ctx, { petType: type, active, replace }) {
      const change = selectPet(ctx.player.pets, type, active, replace);
      const out = replace !== undefined ? petName(ctx, replace) : null;
      apply(
        ctx,
        change,
        active
          ? `${petName(ctx, type)} is active${out ? ` instead of ${out}` : ""}.`
          : `${petName(ctx, type)} is resting.`,
      );
    },
    petFeed(ctx, { petType: type, eggs }) {
      const before = ctx.player.pets.pets.find((p) => p.type === type)?.level ?? 0;
      apply(ctx, feedPet(ctx.player.pets, type, eggs, ctx.player.loot));
      const after = ctx.player.pets.pets.find((p) => p.type === type)?.level ?? 0;
      ctx.conn.toast(
        after > before
          ? `${petName(ctx, type)} ate ${eggs} Egg${eggs === 1 ? "" : "s"} and reached level ${after}!`
          : `${petName(ctx, type)} ate ${eggs} Egg${eggs === 1 ? "" : "s"}.`,
      );
    },
    petRename(ctx, { petType: type, name }) {
      apply(ctx, renamePet(ctx.player.pets, type, name), undefined);
      ctx.conn.toast(`Your pet is now called ${petName(ctx, type)}.`);
    },
    petSetSkin(ctx, { petType: type, skin, dungeon }) {
      apply(
        ctx,
        setPetSkin(ctx.player.pets, type, skin, dungeon),
        dungeon ? `${petName(ctx, type)}'s look is your dungeon skin.` : undefined,
      );
    },
    petBuySkin(ctx, { petType: type, skin }) {
      const skinName = petType(type)?.skins.find((k) => k.id === skin)?.name ?? "";
      apply(
        ctx,
        buyPetSkin(ctx.player.pets, type, skin, ctx.player.loot),
        `${petName(ctx, type)} wears the ${skinName} skin.`,
      );
    },
  };
}
