import type { Item } from "@manaspire/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import type { Profile } from "../../store/slices/rankings";
import { EnchantTab } from "../item-upgrade/EnchantTab";
import type { PendingUpgrade } from "../item-upgrade/pendingUpgrade";
import { ItemLink } from "../items/ItemTooltip";
import { equipmentSlots } from "./profileModel";

/** The profile's equipped items; on your own profile, each can be enchanted from here. */
export function ProfileEquipment({ profile, own }: { profile: Profile; own: boolean }) {
  const [enchanting, setEnchanting] = useState<Item | null>(null);
  const slots = equipmentSlots(profile);
  return (
    <section className="panel px-4 py-4" data-testid="profile-equipment">
      <h3 className="panel-title mb-2">Equipment</h3>
      {profile.equipment.length === 0 ? (
        <p className="py-4 text-center text-sm text-ink-faint">
          {own ? "You don't have any items equipped." : "No items equipped."}
        </p>
      ) : (
        <ul className="space-y-1.5">
          {slots.map(({ slot, name, item }) => (
            <li key={slot} className="flex items-center gap-2 text-sm" data-testid="profile-slot">
              <span className="w-16 shrink-0 text-xs text-ink-faint">{name}</span>
              <span className="min-w-0 flex-1 truncate">
                {item ? (
                  <ItemLink id={item.id} snapshot={item} />
                ) : (
                  <span className="text-ink-faint">—</span>
                )}
              </span>
              {item ? (
                own ? (
                  <Link
                    to={`/inventory/${item.id}/upgrade?tab=enchant`}
                    className="btn btn-ghost h-7 px-2 text-xs"
                  >
                    Enchant
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn btn-ghost h-7 px-2 text-xs"
                    disabled={profile.blockEnchants || profile.banned}
                    title={
                      profile.blockEnchants
                        ? `${profile.name} does not allow others to enchant their equipment.`
                        : undefined
                    }
                    onClick={() => setEnchanting(item)}
                  >
                    Enchant
                  </button>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {profile.blockEnchants && !own ? (
        <p className="mt-2 text-xs text-ink-faint">
          {profile.name} blocks others from enchanting their gear.
        </p>
      ) : null}
      {enchanting ? (
        <EnchantDialog profile={profile} item={enchanting} onClose={() => setEnchanting(null)} />
      ) : null}
    </section>
  );
}

/** Enchanting another player's worn item with one's own skill and reagents. */
function EnchantDialog({
  profile,
  item,
  onClose,
}: {
  profile: Profile;
  item: Item;
  onClose: () => void;
}) {
  const boosts = useGameStore((s) => s.player?.boosts ?? {});
  const wallet = useGameStore((s) => s.player?.loot ?? {});
  const fresh = profile.equipment.find((i) => i.id === item.id) ?? item;
  const [pending, setPending] = useState<PendingUpgrade | null>(null);
  return (
    <>
      <Dialog
        open={pending === null}
        title={`Enchant ${profile.name}'s ${fresh.name}`}
        onCancel={onClose}
        cancelLabel="Close"
      >
        <p className="mb-3 text-sm text-ink-muted">
          Your enchanting skill and your reagents are used.
        </p>
        <div className="@container">
          <EnchantTab
            item={fresh}
            boosts={boosts}
            wallet={wallet}
            onConfirm={setPending}
            enchant={(skill, rank) =>
              send("enchantPlayerItem", { playerId: profile.id, itemId: item.id, skill, rank })
            }
          />
        </div>
      </Dialog>
      <Dialog
        open={pending !== null}
        title={pending?.title ?? "Confirm upgrade"}
        confirmLabel={pending?.confirmLabel ?? "OK"}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.run();
          setPending(null);
          onClose();
        }}
      >
        {pending?.body}
      </Dialog>
    </>
  );
}
