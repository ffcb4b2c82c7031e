import type { Handlers } from "../../socket/handlers";
import type { ChatService } from "./service";

/** Socket handlers: chat history after `hydrate`, and the `chat` message. */
export function chatHandlers(chat: ChatService): Handlers {
  return {
    hydrate(ctx) {
      return chat.hydrate(ctx);
    },
    chat(ctx, { channel, text }) {
      return chat.handle(ctx, channel, text);
    },
  };
}
