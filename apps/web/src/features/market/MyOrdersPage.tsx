import { Link } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import { useMyOrders } from "./marketActions";
import { OwnOrderRow } from "./OrderBook";

/** /market/my-orders (spec 001 section 2): the player's open orders, to edit or cancel. */
export function MyOrdersPage() {
  useMyOrders();
  const orders = useGameStore((s) => s.market.myOrders);
  const loot = useGameStore((s) => s.player?.loot);
  return (
    <div className="mx-auto w-full max-w-3xl" data-testid="my-orders-page">
      <PageTitle
        subtitle={
          <Link to="/market" className="link font-semibold">
            Back to the market
          </Link>
        }
      >
        My orders
      </PageTitle>
      <section className="panel px-4 py-4">
        {orders === null || !loot ? (
          <div className="skeleton h-24 w-full" aria-busy="true" />
        ) : orders.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-faint">No open orders</p>
        ) : (
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
        )}
      </section>
    </div>
  );
}
