import { GameError, type HandlerContext } from "../../socket/handlers";
import { findPlayerByName, type PlayerRef, shownName } from "../player-directory";
import { isStaff } from "./channels";
import { MAX_IGNORES, MAX_MUTE_MINUTES } from "./limits";
import { formatDuration } from "./moderation";
import type { ChatService } from "./service";

interface Command {
  /** Moderators and admins only; their moderation does not count against the chat rate. */
  staff?: boolean;
  run(chat: ChatService, ctx: HandlerContext, args: string): void | Promise<void>;
}

const PLAYER_HELP =
  "/w name message, /wire name, /ignore name, /unignore name, /profile name, /event";
const STAFF_HELP = "/mute name minutes, /unmute name, /delete messageId";

/** The commands a player may use, for help and unknown-command toasts. */
export function commandList(role: number): string {
  return `Commands: ${PLAYER_HELP}${isStaff(role) ? `, ${STAFF_HELP}` : ""}.`;
}

/** Runs a `chat` text starting with "/". */
export async function runCommand(chat: ChatService, ctx: HandlerContext, text: string) {
  const match = /^\/(\S*)\s*([\s\S]*)$/.exec(text);
  const name = (match?.[1] ?? "").toLowerCase();
  const args = match?.[2] ?? "";
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  const staff = isStaff(ctx.player.role);
  if (!command?.staff || !staff) await chat.takeRate(ctx.player);
  if (!command) {
    const shown = name === "" ? "/" : `/${shownName(name)}`;
    throw new GameError(`Unknown command ${shown}. ${commandList(ctx.player.role)}`);
  }
  if (command.staff && !staff) throw new GameError(`Only moderators and admins can use /${name}.`);
  await command.run(chat, ctx, args);
}

/** The first word and the rest of the arguments. */
function firstWord(args: string): [string, string] {
  const match = /^(\S*)\s*([\s\S]*)$/.exec(args);
  return [match?.[1] ?? "", match?.[2] ?? ""];
}

async function findOrRefuse(chat: ChatService, name: string): Promise<PlayerRef> {
  const target = await findPlayerByName(chat.db, name);
  if (!target) throw new GameError(`Player ${shownName(name)} not found.`);
  return target;
}

/** The player's ignore list, loaded if their chat is not live yet. */
async function ignoresOf(chat: ChatService, playerId: number): Promise<Map<number, string>> {
  const member = chat.members.get(playerId);
  if (member && member.pending === null) return member.ignores;
  return chat.ignores.load(playerId);
}

const whisper: Command = {
  run(chat, ctx, args) {
    const [name, text] = firstWord(args);
    return chat.whisper(ctx, name, text);
  },
};

const clientSide: Command = {
  run() {
    throw new GameError("That command opens a page in your game; reload the page if it did not.");
  },
};

const COMMANDS: Record<string, Command> = {
  w: whisper,
  whisper,

  wire: {
    async run(chat, { conn, player }, args) {
      const [name] = firstWord(args);
      if (name === "") throw new GameError("Usage: /wire name");
      const target = await findOrRefuse(chat, name);
      if (target.id === player.id) throw new GameError("You cannot wire to yourself.");
      if (target.banned) throw new GameError(`${target.name} cannot receive transfers (banned).`);
      if (target.guest) {
        throw new GameError(`${target.name} cannot receive transfers (guest account).`);
      }
      conn.send("wireTarget", { playerId: target.id, name: target.name });
    },
  },

  ignore: {
    async run(chat, { conn, player }, args) {
      const [name] = firstWord(args);
      if (name === "") throw new GameError("Usage: /ignore name");
      const target = await findOrRefuse(chat, name);
      if (target.id === player.id) throw new GameError("You cannot ignore yourself.");
      const ignores = await ignoresOf(chat, player.id);
      if (ignores.has(target.id)) throw new GameError(`You already ignore ${target.name}.`);
      if (ignores.size >= MAX_IGNORES) {
        throw new GameError(`You can ignore at most ${MAX_IGNORES} players; /unignore someone.`);
      }
      await chat.ignores.add(player.id, target.id);
      ignores.set(target.id, target.name);
      chat.sendIgnoreList(player.id, ignores);
      conn.toast(`You ignore ${target.name} now. Type /unignore ${target.name} to undo.`);
    },
  },

  unignore: {
    async run(chat, { conn, player }, args) {
      const [name] = firstWord(args);
      if (name === "") throw new GameError("Usage: /unignore name");
      const ignores = await ignoresOf(chat, player.id);
      const lower = name.toLowerCase();
      const found = [...ignores].find(([, n]) => n.toLowerCase() === lower);
      if (!found) throw new GameError(`You do not ignore ${shownName(name)}.`);
      const [id, shown] = found;
      await chat.ignores.remove(player.id, id);
      ignores.delete(id);
      chat.sendIgnoreList(player.id, ignores);
      conn.toast(`You no longer ignore ${shown}.`);
    },
  },

  profile: clientSide,
  event: clientSide,
  elementalrift: clientSide,

  help: {
    run(_chat, { conn, player }) {
      conn.toast(commandList(player.role));
    },
  },

  mute: {
    staff: true,
    async run(chat, { conn, player }, args) {
      const [name, rest] = firstWord(args);
      const [minutesText] = firstWord(rest);
      const minutes = /^[0-9]{1,6}$/.test(minutesText) ? Number(minutesText) : 0;
      if (name === "" || minutes < 1 || minutes > MAX_MUTE_MINUTES) {
        throw new GameError(`Usage: /mute name minutes (1-${MAX_MUTE_MINUTES})`);
      }
      const target = await findOrRefuse(chat, name);
      if (target.id === player.id) throw new GameError("You cannot mute yourself.");
      if (chat.roleOf(target) >= player.role) {
        throw new GameError(`You cannot mute ${target.name}: only players below your role.`);
      }
      const duration = formatDuration(minutes * 60_000);
      const until = Date.now() + minutes * 60_000;
      await chat.mutes.mute(target.id, until, player.id);
      chat.muteChanged(target.id, until);
      chat.opts.log?.info({ by: player.id, target: target.id, minutes }, "chat mute");
      chat.toastPlayer(target.id, `A moderator muted you in chat for ${duration}.`);
      conn.toast(`${target.name} is muted for ${duration}.`);
    },
  },

  unmute: {
    staff: true,
    async run(chat, { conn, player }, args) {
      const [name] = firstWord(args);
      if (name === "") throw new GameError("Usage: /unmute name");
      const target = await findOrRefuse(chat, name);
      const wasMuted = await chat.mutes.unmute(target.id, Date.now());
      if (!wasMuted) throw new GameError(`${target.name} is not muted.`);
      chat.muteChanged(target.id, 0);
      chat.opts.log?.info({ by: player.id, target: target.id }, "chat unmute");
      chat.toastPlayer(target.id, "You can talk in chat again.");
      conn.toast(`${target.name} can talk again.`);
    },
  },

  delete: {
    staff: true,
    async run(chat, { conn, player }, args) {
      const [idText] = firstWord(args);
      const id = /^[0-9]{1,16}$/.test(idText) ? Number(idText) : 0;
      if (!Number.isSafeInteger(id) || id < 1) throw new GameError("Usage: /delete messageId");
      const removed = await chat.history.remove(id);
      if (!removed) throw new GameError(`Message ${id} not found.`);
      chat.lineDeleted(id);
      chat.opts.log?.info({ by: player.id, id, sender: removed.entry.senderId }, "chat delete");
      conn.toast(`Message ${id} deleted.`);
    },
  },
};
