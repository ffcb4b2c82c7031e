/**
 * Draws a dungeon on a canvas: 64 px tiles (spec), the camera centred on the player, simple
 * drawn sprites (floor, walls, locked doors, chests, the exit, knights, rocks, water, trees, the
 * mage), the guild dungeon's objective rooms (`marks`: a gold frame, green once done), the other
 * members on a guild floor (`peers`, in teal robes, named as `peerMarks` decides) and the combat
 * texts of the last 4 s.
 */
import {
  COMBAT_TEXT_MS,
  Door,
  Occupant,
  occupantOf,
  RoomFlag,
  DUNGEON_TILE_PX as T,
} from "@manaspire/game";
import type { CombatText } from "../../store/slices/dungeon";
import { cellToPixel, type DungeonView, selfOf } from "./dungeonControls";
import type { PeerMark } from "./guildPeers";

/** A room to frame on the map (a guild dungeon objective). */
export interface MapMark {
  x: number;
  y: number;
  done: boolean;
}

const KNIGHT_COLOURS: Readonly<Record<number, string>> = {
  [Occupant.RedKnight]: "#e0524d",
  [Occupant.BlueKnight]: "#4d8fe0",
  [Occupant.GreenKnight]: "#4dbb6a",
};

export function drawDungeon(
  ctx: CanvasRenderingContext2D,
  view: DungeonView,
  width: number,
  height: number,
  combat: readonly CombatText[],
  now: number,
  marks: readonly MapMark[] = [],
  peers: readonly PeerMark[] = [],
): void {
  ctx.fillStyle = "#07060d";
  ctx.fillRect(0, 0, width, height);
  const keys = new Set(view.keys);
  for (const room of view.rooms) {
    const { px, py } = cellToPixel(view, room.x, room.y, width, height);
    if (px < -T || py < -T || px > width || py > height) continue;
    floor(ctx, px, py, (room.x + room.y) % 2 === 0);
    walls(ctx, px, py, room.children);
    if (room.lock > 0) lock(ctx, px, py, room.lock, keys.has(room.lock));
    if (room.flags & RoomFlag.Exit) exit(ctx, px, py);
    if (room.flags & RoomFlag.Chest) chest(ctx, px, py, (room.flags & RoomFlag.Opened) !== 0);
    occupant(ctx, px, py, occupantOf(room.flags));
  }
  for (const m of marks) {
    if (!view.rooms.some((r) => r.x === m.x && r.y === m.y)) continue;
    const { px, py } = cellToPixel(view, m.x, m.y, width, height);
    ctx.strokeStyle = m.done ? "#4ade80" : "#f2c66d";
    ctx.lineWidth = 3;
    ctx.setLineDash(m.done ? [] : [8, 5]);
    ctx.strokeRect(px + 9, py + 9, T - 18, T - 18);
    ctx.setLineDash([]);
  }
  const me = selfOf(view);
  // Members sharing a room stand side by side, left of the player when in the player's room.
  const shift = (peer: PeerMark) =>
    -12 * (peer.slot + (peer.x === me.x && peer.y === me.y ? 1 : 0));
  for (const peer of peers) {
    const { px, py } = cellToPixel(view, peer.x, peer.y, width, height);
    if (px < -T || py < -T || px > width || py > height) continue;
    mage(ctx, px + shift(peer), py, PEER_ROBE);
    if (peer.skin > 0) familiar(ctx, px + shift(peer), py, peer.skin);
  }
  const at = cellToPixel(view, me.x, me.y, width, height);
  mage(ctx, at.px, at.py);
  for (const peer of peers) {
    if (!peer.labelled) continue;
    const { px, py } = cellToPixel(view, peer.x, peer.y, width, height);
    // Under the feet, so the tag hides neither the member nor the room above.
    nameTag(ctx, peer.name, px + T / 2 + shift(peer), py + T - 1 + peer.slot * 17);
  }
  const skin = view.players[0]?.skin ?? 0;
  if (skin > 0) familiar(ctx, at.px, at.py, skin);
  for (const text of combat) {
    const age = now - text.at;
    if (age < 0 || age > COMBAT_TEXT_MS) continue;
    const p = cellToPixel(view, text.x, text.y, width, height);
    ctx.globalAlpha = 1 - age / COMBAT_TEXT_MS;
    ctx.font = "bold 16px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillStyle = "#ffd34d";
    ctx.fillText(
      `-${Math.round(text.dmg).toLocaleString("en-US")}`,
      p.px + T / 2,
      p.py + 6 - age / 80,
    );
    const ratio = text.maxHealth > 0 ? text.health / text.maxHealth : 0;
    ctx.fillStyle = "#33161a";
    ctx.fillRect(p.px + 8, p.py + T - 10, T - 16, 5);
    ctx.fillStyle = "#e0524d";
    ctx.fillRect(p.px + 8, p.py + T - 10, (T - 16) * ratio, 5);
    ctx.globalAlpha = 1;
  }
}

function floor(ctx: CanvasRenderingContext2D, x: number, y: number, light: boolean) {
  ctx.fillStyle = light ? "#24203a" : "#1e1a31";
  ctx.fillRect(x, y, T, T);
}

function walls(ctx: CanvasRenderingContext2D, x: number, y: number, doors: number) {
  ctx.fillStyle = "#5b5377";
  const w = 6;
  if (!(doors & Door.North)) ctx.fillRect(x, y, T, w);
  if (!(doors & Door.South)) ctx.fillRect(x, y + T - w, T, w);
  if (!(doors & Door.West)) ctx.fillRect(x, y, w, T);
  if (!(doors & Door.East)) ctx.fillRect(x + T - w, y, w, T);
  // Corners always stand.
  ctx.fillRect(x, y, w, w);
  ctx.fillRect(x + T - w, y, w, w);
  ctx.fillRect(x, y + T - w, w, w);
  ctx.fillRect(x + T - w, y + T - w, w, w);
}

function lock(ctx: CanvasRenderingContext2D, x: number, y: number, key: number, held: boolean) {
  ctx.strokeStyle = held ? "#8fd48f" : "#f0c040";
  ctx.lineWidth = 3;
  ctx.strokeRect(x + 5, y + 5, T - 10, T - 10);
  ctx.fillStyle = held ? "#8fd48f" : "#f0c040";
  ctx.font = "bold 11px system-ui, sans-serif";
  ctx.textAlign = "left";
  ctx.fillText(`🔒${key}`, x + 9, y + 19);
}

function exit(ctx: CanvasRenderingContext2D, x: number, y: number) {
  ctx.fillStyle = "#0b0a12";
  ctx.fillRect(x + 14, y + 14, T - 28, T - 28);
  ctx.fillStyle = "#7c6cf0";
  for (let i = 0; i < 4; i++) ctx.fillRect(x + 16 + i * 4, y + 18 + i * 7, T - 32 - i * 8, 4);
}

function chest(ctx: CanvasRenderingContext2D, x: number, y: number, opened: boolean) {
  const cx = x + T / 2;
  const cy = y + T / 2 + 6;
  ctx.fillStyle = opened ? "#5a4326" : "#a0692b";
  ctx.fillRect(cx - 14, cy - 8, 28, 18);
  ctx.fillStyle = opened ? "#3b2b18" : "#c98a3a";
  ctx.fillRect(cx - 14, opened ? cy - 16 : cy - 12, 28, opened ? 6 : 6);
  if (!opened) {
    ctx.fillStyle = "#f0c040";
    ctx.fillRect(cx - 3, cy - 6, 6, 6);
  }
}

function occupant(ctx: CanvasRenderingContext2D, x: number, y: number, kind: number) {
  const cx = x + T / 2;
  const cy = y + T / 2;
  const knight = KNIGHT_COLOURS[kind];
  if (knight) {
    ctx.fillStyle = "#c9c4d8";
    ctx.beginPath();
    ctx.arc(cx, cy - 10, 9, 0, Math.PI * 2); // helmet
    ctx.fill();
    ctx.fillStyle = "#1a1726";
    ctx.fillRect(cx - 6, cy - 12, 12, 3); // visor
    ctx.fillStyle = knight;
    ctx.beginPath(); // shield
    ctx.moveTo(cx - 11, cy);
    ctx.lineTo(cx + 11, cy);
    ctx.lineTo(cx + 11, cy + 10);
    ctx.lineTo(cx, cy + 20);
    ctx.lineTo(cx - 11, cy + 10);
    ctx.closePath();
    ctx.fill();
    return;
  }
  if (kind === Occupant.Rock) {
    ctx.fillStyle = "#7d7a86";
    ctx.beginPath();
    ctx.ellipse(cx, cy + 6, 18, 13, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#9d99a8";
    ctx.beginPath();
    ctx.ellipse(cx - 5, cy + 2, 7, 5, 0, 0, Math.PI * 2);
    ctx.fill();
  } else if (kind === Occupant.Water) {
    ctx.fillStyle = "#1f5f9e";
    ctx.fillRect(x + 10, y + 14, T - 20, T - 28);
    ctx.strokeStyle = "#7ec3ff";
    ctx.lineWidth = 2;
    for (let i = 0; i < 2; i++) {
      ctx.beginPath();
      ctx.moveTo(x + 16, cy - 4 + i * 10);
      ctx.quadraticCurveTo(cx - 6, cy - 10 + i * 10, cx, cy - 4 + i * 10);
      ctx.quadraticCurveTo(cx + 6, cy + 2 + i * 10, x + T - 16, cy - 4 + i * 10);
      ctx.stroke();
    }
  } else if (kind === Occupant.Tree) {
    ctx.fillStyle = "#6b4423";
    ctx.fillRect(cx - 4, cy + 4, 8, 16);
    ctx.fillStyle = "#2f8f4a";
    ctx.beginPath();
    ctx.arc(cx, cy - 4, 16, 0, Math.PI * 2);
    ctx.fill();
  }
}

interface Robe {
  glow: string;
  robe: string;
  hat: string;
}

const OWN_ROBE: Robe = { glow: "rgba(124, 108, 240, 0.25)", robe: "#6a4fd8", hat: "#3d2c8f" };
const PEER_ROBE: Robe = { glow: "rgba(45, 190, 160, 0.18)", robe: "#2fa38a", hat: "#1d6b5b" };

/** A member's name: light text on a dark plate, readable on any tile. */
function nameTag(ctx: CanvasRenderingContext2D, name: string, cx: number, y: number) {
  ctx.font = "600 12px system-ui, sans-serif";
  ctx.textAlign = "center";
  const w = ctx.measureText(name).width + 10;
  ctx.fillStyle = "rgba(7, 6, 13, 0.78)";
  ctx.fillRect(cx - w / 2, y - 13, w, 16);
  ctx.fillStyle = "#bff5e8";
  ctx.fillText(name, cx, y);
}

function mage(ctx: CanvasRenderingContext2D, x: number, y: number, colours: Robe = OWN_ROBE) {
  const cx = x + T / 2;
  const cy = y + T / 2;
  ctx.fillStyle = colours.glow;
  ctx.beginPath();
  ctx.arc(cx, cy + 4, 24, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colours.robe; // robe
  ctx.beginPath();
  ctx.moveTo(cx - 13, cy + 20);
  ctx.lineTo(cx + 13, cy + 20);
  ctx.lineTo(cx, cy - 2);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = "#f2d7b6"; // face
  ctx.beginPath();
  ctx.arc(cx, cy - 4, 6, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colours.hat; // hat
  ctx.beginPath();
  ctx.moveTo(cx - 12, cy - 8);
  ctx.lineTo(cx + 12, cy - 8);
  ctx.lineTo(cx + 3, cy - 26);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = "#f0c040";
  ctx.fillRect(cx - 1, cy - 18, 3, 3);
}

/** The pet chosen as dungeon skin walks beside the mage, tinted by its type. */
function familiar(ctx: CanvasRenderingContext2D, x: number, y: number, petType: number) {
  const cx = x + T - 14;
  const cy = y + T - 14;
  ctx.fillStyle = `hsl(${(petType * 47) % 360} 60% 60%)`;
  ctx.beginPath();
  ctx.arc(cx, cy, 8, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath(); // ears
  ctx.moveTo(cx - 7, cy - 3);
  ctx.lineTo(cx - 5, cy - 12);
  ctx.lineTo(cx - 1, cy - 6);
  ctx.moveTo(cx + 7, cy - 3);
  ctx.lineTo(cx + 5, cy - 12);
  ctx.lineTo(cx + 1, cy - 6);
  ctx.fill();
  ctx.fillStyle = "#1a1726";
  ctx.fillRect(cx - 4, cy - 2, 2, 2);
  ctx.fillRect(cx + 2, cy - 2, 2, 2);
}
