import { cleanGuildName, GUILD_NAME_RULE, GUILD_RENAME_COST, LootId } from "@manaspire/game";
import { type FormEvent, useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import type { Guild } from "../../store/slices/guild";
import { ShopCard } from "./ShopCard";

/**
 * The premium shop's guild rename card (spec 001 section 2): shown when the guild record has an
 * API key, which the server sends to the guild's leader only (ShopPage). The leader renames the
 * guild for 5 Crystallized Mana; asks before paying.
 */
export function GuildRenameCard({ guild }: { guild: Guild }) {
  const me = useGameStore((s) => s.player?.id);
  const held = useGameStore((s) => s.player?.loot[LootId.CrystallizedMana] ?? 0);
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const nameId = useId();
  if (me !== guild.ownerId) return null;

  const clean = cleanGuildName(name);
  const valid = clean !== undefined && clean !== guild.name;
  const affordable = held >= GUILD_RENAME_COST;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid && affordable) setAsking(true);
  };

  return (
    <ShopCard id="guild-rename" title="Rename guild">
      <form className="flex flex-wrap items-start gap-2" onSubmit={onSubmit} noValidate>
        <div className="min-w-48 flex-1">
          <label htmlFor={nameId} className="sr-only">
            New guild name
          </label>
          <input
            id={nameId}
            className="field h-10 py-0 text-sm"
            maxLength={30}
            placeholder="New guild name"
            value={name}
            aria-invalid={touched && clean === undefined}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(name !== "")}
          />
          {touched && clean === undefined ? (
            <p className="mt-1 text-xs text-danger" role="alert">
              {GUILD_NAME_RULE}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn h-10 px-3 py-0 text-xs"
          disabled={!valid || !affordable}
        >
          Rename
        </button>
      </form>
      <p className="mt-2 text-xs text-ink-faint" data-testid="guild-rename-cost">
        Costs {GUILD_RENAME_COST} Crystallized Mana; you have {held.toLocaleString("en")}.
        {affordable ? "" : " Crystallized Mana can be bought on the market."}
      </p>
      <Dialog
        open={asking}
        title="Rename guild"
        confirmLabel="Rename"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          send("renameGuild", { name: clean ?? name.trim() });
          setAsking(false);
          setName("");
          setTouched(false);
        }}
      >
        <p className="text-sm">
          Rename {guild.name} to {clean} for {GUILD_RENAME_COST} Crystallized Mana?
        </p>
      </Dialog>
    </ShopCard>
  );
}
