import { LootId } from "@manaspire/game";
import { Link } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import { ItemOrderRow } from "./ItemOrderRow";
import { useMyOrders } from "./marketActions";
import { OwnOrderRow } from "./OrderBook";

/**
 * /market/my-orders (spec 001 section 2): the player's open buy and sell orders and equipment
 * listings, to edit or cancel; 'No open orders' when there are none.
 */
export function MyOrdersPage() {
  useMyOrders();
  const orders = useGameStore((s) => s.market.myOrders);
  const itemOrders = useGameStore((s) => s.market.myItemOrders);
  const loot = useGameStore((s) => s.player?.loot);
  const loading = orders === null || itemOrders === null || !loot;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="my-orders-page">
      <PageTitle
        subtitle={
          <Link to="/market" className="link font-semibold">
            Back to the market
          </Link>
        }
      >
        My orders
      </PageTitle>
      {loading ? (
        <section className="panel px-4 py-4">
          <div className="skeleton h-24 w-full" aria-busy="true" />
        </section>
      ) : orders.length === 0 && itemOrders.length === 0 ? (
        <section className="panel px-4 py-4">
          <p className="py-6 text-center text-sm text-ink-faint">No open orders</p>
        </section>
      ) : (
        <>
          {orders.length > 0 ? (
            <section className="panel px-4 py-4" aria-labelledby="my-resource-orders">
              <h2 id="my-resource-orders" className="panel-title mb-2">
                Resources
              </h2>
              <table className="w-full text-sm tabular-nums">
                <thead>
                  <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
                    <th className="py-1 font-semibold">Item</th>
                    <th className="py-1 font-semibold">Price</th>
                    <th className="py-1 text-right font-semibold">Quantity</th>
                    <th className="py-1 text-right font-semibold">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((o) => (
                    <OwnOrderRow
                      key={o.id}
                      order={o}
                      held={loot[o.lootId] ?? 0}
                      fromMyOrders
                      showItem
                    />
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {itemOrders.length > 0 ? (
            <section className="panel overflow-hidden" aria-labelledby="my-item-orders">
              <h2 id="my-item-orders" className="panel-title px-4 pt-4 sm:px-5">
                Equipment
              </h2>
              <ul className="divide-y divide-edge/60">
                {itemOrders.map((o) => (
                  <ItemOrderRow key={o.id} order={o} own dust={loot[LootId.ManaDust] ?? 0} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
