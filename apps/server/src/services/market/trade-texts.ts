import { type Fill, LogCategory, LootId, MarketSide, oppositeSide } from "@manaspire/game";
import { type Credit, CreditKind } from "../../world/credits";
import type { LoadedPlayer } from "../../world/loaded-player";
import { fmt } from "../format";
import type { NamedOrder } from "./book-store";
import type { OrderRequest } from "./market-types";

/**
 * What an order's fills say and pay: each counterparty's credit (its proceeds, its toast and
 * its `marketTrade`) and both sides' Market log lines.
 */
export function tradeCredits(
  p: LoadedPlayer,
  req: OrderRequest,
  fills: readonly Fill[],
  resting: ReadonlyMap<number, NamedOrder>,
): {
  credits: Array<Omit<Credit, "id">>;
  log: Array<{ playerId: number; category: LogCategory; text: string }>;
} {
  const { side, lootId, itemName } = req;
  const makerSide = oppositeSide(side);
  const credits: Array<Omit<Credit, "id">> = [];
  const log: Array<{ playerId: number; category: LogCategory; text: string }> = [];
  for (const f of fills) {
    const maker = resting.get(f.orderId)?.playerName ?? "someone";
    const what = `${fmt(f.quantity)} ${itemName}`;
    const cost = `${fmt(f.quantity * f.unitPrice)} Mana Dust (${fmt(f.unitPrice)} each)`;
    credits.push({
      playerId: f.makerId,
      kind: CreditKind.Loot,
      loot:
        makerSide === MarketSide.Sell
          ? { [LootId.ManaDust]: f.quantity * f.unitPrice }
          : { [lootId]: f.quantity },
      itemId: null,
      note:
        makerSide === MarketSide.Sell
          ? `${p.name} bought ${what} from you for ${cost}.`
          : `${p.name} sold you ${what} for ${cost}.`,
      trade: { side: makerSide, lootId, quantity: f.quantity, unitPrice: f.unitPrice },
    });
    const [mine, theirs] =
      side === MarketSide.Buy
        ? [`Bought ${what} from ${maker}`, `Sold ${what} to ${p.name}`]
        : [`Sold ${what} to ${maker}`, `Bought ${what} from ${p.name}`];
    log.push(
      { playerId: p.id, category: LogCategory.Market, text: `${mine} for ${cost}.` },
      { playerId: f.makerId, category: LogCategory.Market, text: `${theirs} for ${cost}.` },
    );
  }
  return { credits, log };
}
