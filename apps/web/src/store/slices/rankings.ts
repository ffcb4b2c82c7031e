import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

/** A leaderboard page as the server sent it (issue 12). */
export type LeaderboardPage = ServerPayload<"leaderboard">;
/** A profile as the server sent it. */
export type Profile = NonNullable<ServerPayload<"profile">["profile"]>;

/**
 * The rankings and profile screens' state: the last leaderboard page, and the profile shown
 * (`undefined` while none was asked for or it was cleared on leaving, `null` when the name
 * asked for belongs to nobody). `answers` counts profile answers, so a screen knows its request
 * was answered; `saved` counts saved profile texts.
 */
export interface RankingsState {
  page: LeaderboardPage | null;
  profile: Profile | null | undefined;
  answers: number;
  saved: number;
}

export const initialRankings: RankingsState = {
  page: null,
  profile: undefined,
  answers: 0,
  saved: 0,
};

export function reduceRankings(state: RankingsState, message: ServerMessage): RankingsState {
  switch (message.type) {
    case "leaderboard":
      return { ...state, page: message.data };
    case "profile":
      return { ...state, profile: message.data.profile ?? null, answers: state.answers + 1 };
    case "profileSaved": {
      // Only one's own text is ever saved: the profile shown is one's own if it has the text.
      const profile = state.profile
        ? { ...state.profile, profileText: message.data.text }
        : state.profile;
      return { ...state, profile, saved: state.saved + 1 };
    }
    default:
      return state;
  }
}
