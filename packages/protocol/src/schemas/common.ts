import { t } from "../codecs";

/** Boost id to value. */
export const boostMap = t.map(t.u16, t.f64, 512);
/** Loot (currency or material) id to amount; amounts may be negative (mana dust debt). */
export const lootMap = t.map(t.u16, t.f64, 256);
/** Player, item, guild and order ids. */
export const id = t.uint53;
/** Player names: 3-20 characters, validated by the server. */
export const playerName = t.string(20);
/** Unix time in milliseconds. */
export const timestamp = t.f64;
