import type { Handlers } from "../../socket/handlers";

/** After hydrate: the addresses the operator configured (the community chat server). */
export function serverLinkHandlers(links: { communityChatUrl?: string | undefined }): Handlers {
  const data = { communityChatUrl: links.communityChatUrl ?? "" };
  return {
    hydrate({ conn }) {
      conn.send("serverLinks", data);
    },
  };
}
