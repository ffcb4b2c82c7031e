import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

export type PremiumShop = ServerPayload<"premiumShop">["shop"];

/**
 * The premium shop's state: the shop data the server last sent (after connecting and when the
 * player's Ascension changed), and whether a checkout the player started is waiting for the
 * server's answer (`checkoutSince`, Date.now() when it started; 0 none). A `paymentRedirect`
 * sends the browser to the payment page (gameStore.ts); a toast (a refusal) ends the wait.
 */
export interface PremiumState {
  shop: PremiumShop | null;
  checkoutSince: number;
}

export const initialPremium: PremiumState = { shop: null, checkoutSince: 0 };

export function reducePremium(state: PremiumState, message: ServerMessage): PremiumState {
  switch (message.type) {
    case "premiumShop":
      return { ...state, shop: message.data.shop };
    case "toast":
      return state.checkoutSince === 0 ? state : { ...state, checkoutSince: 0 };
    default:
      return state;
  }
}
