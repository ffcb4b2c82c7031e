import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

type WireOrder = ServerPayload<"marketOrders">["buy"][number];

/** One item's order book as the server last sent it. */
export interface BookView {
  /** Best first: buys by falling price, sells by rising price. */
  buy: WireOrder[];
  sell: WireOrder[];
}

/**
 * The market screens' state (issue 9): the books the player looked at, their own open orders,
 * and a counter of trades that touched them (the screens ask again when it moves).
 */
export interface MarketState {
  books: Record<number, BookView>;
  /** Null until `refreshMyOrders` answers. */
  myOrders: WireOrder[] | null;
  /** Bumped by every `marketTrade`: a book or the player's orders changed. */
  tradeCount: number;
  /** The newest trade of the player, for the screens' highlight. */
  lastTrade: ServerPayload<"marketTrade"> | null;
}

export const initialMarket: MarketState = {
  books: {},
  myOrders: null,
  tradeCount: 0,
  lastTrade: null,
};

export function reduceMarket(state: MarketState, message: ServerMessage): MarketState {
  switch (message.type) {
    case "marketOrders": {
      const { lootId, buy, sell } = message.data;
      return { ...state, books: { ...state.books, [lootId]: { buy, sell } } };
    }
    case "myOrders":
      return { ...state, myOrders: message.data.orders };
    case "marketTrade":
      return { ...state, tradeCount: state.tradeCount + 1, lastTrade: message.data };
    default:
      return state;
  }
}
