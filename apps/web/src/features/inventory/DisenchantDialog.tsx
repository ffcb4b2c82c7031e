import { useEffect } from "react";
import { Dialog } from "../../components/Dialog";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass, rarityName } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { ItemName } from "../items/ItemCard";
import { dismissPreviews, requestDisenchantPreview } from "../items/itemActions";
import { lootLines } from "../loot/lootDisplay";
import { type DisenchantRequest, disenchantPayload } from "./inventoryModel";

const SHOWN = 6;

/**
 * Disenchanting (spec): the server previews what would go and what it yields; the player
 * confirms and the request goes again with `confirmed: true` and the previewed item ids, so
 * only what the player saw is destroyed.
 */
export function DisenchantDialog({
  request,
  onClose,
  onDone,
}: {
  request: DisenchantRequest;
  onClose: () => void;
  /** After the confirmed request went out (e.g. to clear a selection). */
  onDone?: () => void;
}) {
  const preview = useGameStore((s) => s.inventory.disenchantPreview);
  const items = useGameStore((s) => s.inventory.items);

  useEffect(() => {
    requestDisenchantPreview(disenchantPayload(request));
    return dismissPreviews;
  }, [request]);

  const close = () => {
    dismissPreviews();
    onClose();
  };
  const confirm = () => {
    if (!preview || preview.itemIds.length === 0) return;
    // Exactly the previewed items: a drop since the preview is not taken with them.
    const payload = { ...disenchantPayload(request), itemIds: [...preview.itemIds] };
    if (send("disenchant", { ...payload, confirmed: true })) {
      onDone?.();
      close();
    }
  };

  const count = preview?.itemIds.length ?? 0;
  const yields = preview ? lootLines(preview.loot) : [];
  const title =
    request.kind === "rarity"
      ? `Disenchant all ${rarityName(request.rarity)} and below?`
      : request.kind === "one"
        ? "Disenchant item?"
        : "Disenchant items?";

  return (
    <Dialog
      open
      title={title}
      confirmLabel={count > 1 ? `Disenchant ${count}` : "Disenchant"}
      confirmDisabled={count === 0}
      danger
      onConfirm={confirm}
      onCancel={close}
    >
      {!preview ? (
        <div className="space-y-2 py-1" aria-busy="true" data-testid="disenchant-waiting">
          <p>Weighing the essences…</p>
          <div className="skeleton h-3 w-48" />
          <div className="skeleton h-3 w-36" />
        </div>
      ) : count === 0 ? (
        <p>Nothing to disenchant. Equipped, favourite and borrowed items are always kept.</p>
      ) : (
        <div className="space-y-3" data-testid="disenchant-preview">
          <p>
            {count === 1 ? "This item" : `These ${count} items`} will be destroyed. Favourite and
            equipped items are kept.
          </p>
          <ul className="space-y-0.5 rounded-lg border border-edge/70 bg-night-950/50 px-3 py-2 text-sm">
            {preview.itemIds.slice(0, SHOWN).map((id) => {
              const item = items[id];
              return (
                <li key={id} className="truncate">
                  {item ? (
                    <>
                      <ItemName item={item} />{" "}
                      <span className="text-xs text-ink-faint">Lv {item.level}</span>
                    </>
                  ) : (
                    <span className="text-ink-faint">Item #{id}</span>
                  )}
                </li>
              );
            })}
            {count > SHOWN ? (
              <li className="text-xs text-ink-faint">and {count - SHOWN} more…</li>
            ) : null}
          </ul>
          <div>
            <p className="panel-title mb-1.5 text-[0.65rem]">You receive</p>
            {yields.length === 0 ? (
              <p className="text-xs text-ink-faint">Nothing.</p>
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {yields.map((line) => (
                  <li
                    key={line.id}
                    className="inline-flex items-center gap-1.5 rounded-md border border-edge/80 bg-night-900/70 px-2 py-0.5 text-xs"
                  >
                    <span className={cx("font-semibold", rarityClass(line.rarity))}>
                      {line.name}
                    </span>
                    <span className="font-semibold text-ink tabular-nums">
                      +<Num value={line.amount} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
