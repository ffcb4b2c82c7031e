import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

export type IdentityList = ServerPayload<"identities">;

/**
 * The account screens' state (issue 13): the identities the server last listed, and the
 * address the server handed out for the last `linkIdentity` (the screen opens it in its
 * popup; `seq` tells two answers with the same address apart).
 */
export interface AccountState {
  identities: IdentityList | null;
  linkRedirect: { url: string; seq: number } | null;
}

export const initialAccount: AccountState = { identities: null, linkRedirect: null };

export function reduceAccount(state: AccountState, message: ServerMessage): AccountState {
  switch (message.type) {
    case "identities":
      return { ...state, identities: message.data };
    case "oauthRedirect":
      return {
        ...state,
        linkRedirect: { url: message.data.url, seq: (state.linkRedirect?.seq ?? 0) + 1 },
      };
    default:
      return state;
  }
}
