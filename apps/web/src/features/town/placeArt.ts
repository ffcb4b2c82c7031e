import type { PlaceArt } from "./townPlaces";

/** Accent colours for each town place's card art. */
export const PLACE_ACCENTS: Record<PlaceArt, { from: string; to: string }> = {
  grove: { from: "#f6d365", to: "#4caf50" },
  marsh: { from: "#ff8a3d", to: "#5b7f2a" },
  shaper: { from: "#7ee081", to: "#2f6f4f" },
  maelstrom: { from: "#55c6ff", to: "#2a3fb8" },
  core: { from: "#ffb347", to: "#d8342b" },
  mine: { from: "#cfd8e3", to: "#5a6478" },
  lake: { from: "#6fe3ff", to: "#1f6fd1" },
  wood: { from: "#b6e07a", to: "#7a4b22" },
};
