import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

type WireOrder = ServerPayload<"marketOrders">["buy"][number];
export type WireItemOrder = ServerPayload<"itemOrders">["orders"][number];

/** One item's order book as the server last sent it. */
export interface BookView {
  /** Best first: buys by falling price, sells by rising price. */
  buy: WireOrder[];
  sell: WireOrder[];
}

/** The equipment search's results: pages appended in order (spec 001 section 4). */
export interface ItemSearchView {
  orders: WireItemOrder[];
  hasMore: boolean;
  /** False until the first page of the current search arrived. */
  loaded: boolean;
}

/**
 * The market screens' state (issue 9): the books the player looked at, their own open orders
 * and equipment listings, the equipment search's results, and a counter of trades that touched
 * them (the screens ask again when it moves).
 */
export interface MarketState {
  books: Record<number, BookView>;
  /** Null until `refreshMyOrders` answers. */
  myOrders: WireOrder[] | null;
  /** The player's equipment listings; null until `refreshMyOrders` answers. */
  myItemOrders: WireItemOrder[] | null;
  itemSearch: ItemSearchView;
  /** Bumped by every `marketTrade`: a book or the player's orders changed. */
  tradeCount: number;
  /** The newest trade of the player, for the screens' highlight. */
  lastTrade: ServerPayload<"marketTrade"> | null;
}

export const initialMarket: MarketState = {
  books: {},
  myOrders: null,
  myItemOrders: null,
  itemSearch: { orders: [], hasMore: false, loaded: false },
  tradeCount: 0,
  lastTrade: null,
};

/** A listing's new state in a list: replaced where it is, or gone when closed. */
function follow(
  list: WireItemOrder[],
  orderId: number,
  order: WireItemOrder | undefined,
): WireItemOrder[] {
  if (!list.some((o) => o.id === orderId)) return list;
  return order
    ? list.map((o) => (o.id === orderId ? order : o))
    : list.filter((o) => o.id !== orderId);
}

export function reduceMarket(state: MarketState, message: ServerMessage): MarketState {
  switch (message.type) {
    case "marketOrders": {
      const { lootId, buy, sell } = message.data;
      return { ...state, books: { ...state.books, [lootId]: { buy, sell } } };
    }
    case "myOrders":
      return { ...state, myOrders: message.data.orders, myItemOrders: message.data.itemOrders };
    case "itemOrders": {
      const { orders, append, hasMore } = message.data;
      const seen = append ? state.itemSearch.orders : [];
      const ids = new Set(seen.map((o) => o.id));
      return {
        ...state,
        itemSearch: {
          orders: [...seen, ...orders.filter((o) => !ids.has(o.id))],
          hasMore,
          loaded: true,
        },
      };
    }
    case "itemOrder": {
      const { orderId, order } = message.data;
      const orders = follow(state.itemSearch.orders, orderId, order);
      const mine = state.myItemOrders && follow(state.myItemOrders, orderId, order);
      return orders === state.itemSearch.orders && mine === state.myItemOrders
        ? state
        : { ...state, itemSearch: { ...state.itemSearch, orders }, myItemOrders: mine };
    }
    case "marketTrade":
      return { ...state, tradeCount: state.tradeCount + 1, lastTrade: message.data };
    default:
      return state;
  }
}
