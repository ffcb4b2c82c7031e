import { held, LootId, type Wallet } from "@manaspire/game";
import type { Item } from "@manaspire/protocol";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { send } from "../../store/gameStore";
import { ItemName } from "../items/ItemCard";
import { OrbIcon } from "../items/itemIcons";
import { isBorrowed } from "../items/itemModel";

/**
 * Legendary → Heirloom with an Orb of Legacy: half the power, no level requirement, and no way
 * back ('Confirm conversion' — 'This process cannot be reversed.').
 */
export function HeirloomTab({ item, wallet }: { item: Item; wallet: Wallet }) {
  const [confirming, setConfirming] = useState(false);
  const orbs = held(wallet, LootId.OrbOfLegacy);
  const borrowed = isBorrowed(item);
  const blocked = borrowed
    ? "Borrowed items cannot become Heirlooms."
    : orbs < 1
      ? "You need an Orb of Legacy."
      : null;

  return (
    <section className="panel overflow-hidden" data-testid="heirloom">
      <div className="relative px-4 py-5 sm:px-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-radial-[at_85%_0%] from-rarity-6/15 to-transparent to-60%"
        />
        <div className="relative flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full border border-rarity-6/50 bg-rarity-6/10 text-rarity-6 shadow-[0_0_24px_-6px_var(--color-rarity-6)]">
            <OrbIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h3 className="font-display text-lg font-bold text-rarity-6">Create an Heirloom</h3>
            <p className="mt-1 text-sm text-ink-muted">
              An Orb of Legacy binds <ItemName item={item} /> to your lineage: it becomes an{" "}
              <span className="rarity-6 font-semibold">Heirloom</span>.
            </p>
          </div>
        </div>
        <ul className="relative mt-4 grid gap-2 text-sm @xl:grid-cols-3">
          <Effect tone="text-success" title="No level requirement">
            Any mage can wear it, whatever their level.
          </Effect>
          <Effect tone="text-danger" title="Half the power">
            Every modifier is halved.
          </Effect>
          <Effect tone="text-gold" title="Forever">
            The conversion cannot be reversed.
          </Effect>
        </ul>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-edge/70 bg-night-950/40 px-4 py-3 sm:px-6">
        <p className="text-sm text-ink-muted">
          Orb of Legacy:{" "}
          <Num
            value={orbs}
            className={orbs >= 1 ? "font-semibold text-ink" : "font-semibold text-danger"}
          />{" "}
          / 1{blocked ? <span className="ml-2 text-xs text-danger/90">{blocked}</span> : null}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked !== null}
          onClick={() => setConfirming(true)}
        >
          Convert to Heirloom
        </button>
      </div>
      <Dialog
        open={confirming}
        title="Confirm conversion"
        confirmLabel="Convert"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          send("createHeirloom", { id: item.id });
          setConfirming(false);
        }}
      >
        <p>
          Turn <ItemName item={item} /> into an Heirloom for 1 Orb of Legacy?
        </p>
        <p className="mt-2 font-semibold text-ink">This process cannot be reversed.</p>
      </Dialog>
    </section>
  );
}

function Effect({ tone, title, children }: { tone: string; title: string; children: string }) {
  return (
    <li className="rounded-lg border border-edge/70 bg-night-950/50 px-3 py-2">
      <p className={`text-xs font-bold tracking-wide uppercase ${tone}`}>{title}</p>
      <p className="mt-0.5 text-xs text-ink-muted">{children}</p>
    </li>
  );
}
