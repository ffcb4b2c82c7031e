import { sanitizeChatText } from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import { runCommand } from "./commands";
import { MAX_MESSAGE_LENGTH } from "./limits";
import type { ChatService } from "./service";

/** Socket handlers: chat history after `hydrate`, and the `chat` message. */
export function chatHandlers(chat: ChatService): Handlers {
  return {
    hydrate(ctx) {
      return chat.hydrate(ctx);
    },
    /** A slash command (./commands.ts), or a line for a channel. */
    async chat(ctx, { channel, text: raw }) {
      const text = sanitizeChatText(raw);
      if (text === "") throw new GameError("Type a message first.");
      if (text.length > MAX_MESSAGE_LENGTH) {
        throw new GameError(`Messages can be at most ${MAX_MESSAGE_LENGTH} characters.`);
      }
      if (text.startsWith("/")) {
        await runCommand(chat, ctx, text);
        return;
      }
      await chat.takeRate(ctx.player);
      await chat.say(ctx.player, channel, text);
    },
  };
}
