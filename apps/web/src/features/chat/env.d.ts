interface ImportMetaEnv {
  /** Address of the emote set (third-party emote service); empty turns emotes off. */
  readonly VITE_EMOTE_SET_URL?: string;
}
