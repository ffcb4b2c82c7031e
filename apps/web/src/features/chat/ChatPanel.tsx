import type { ChatChannel } from "@manaspire/game";
import type { ChatEntry } from "@manaspire/protocol";
import { useEffect, useMemo } from "react";
import { useLocalSettings } from "../settings/settingsStore";
import { ChatInput } from "./ChatInput";
import type { LineStyle } from "./ChatLine";
import { ChatLineList } from "./ChatLineList";
import type { ChatTab } from "./chatTabs";
import { loadEmotesOnce, useEmoteMode, useEmotes, useEmotesInSystem } from "./emotes";

/** The open chat box's lines and input, with the emote set (loaded on first use). */
export function ChatPanel({
  tab,
  lines,
  selfId,
  selfRole,
  emptyText,
  sendable,
  sendChannel,
}: {
  tab: ChatTab;
  lines: readonly ChatEntry[];
  selfId: number | null;
  selfRole: number;
  emptyText: string;
  sendable: readonly ChatChannel[];
  sendChannel: ChatChannel | null;
}) {
  useEffect(() => loadEmotesOnce(), []);
  const settings = useLocalSettings();
  const emotes = useEmotes();
  const mode = useEmoteMode();
  const emotesInSystem = useEmotesInSystem();
  const style = useMemo<LineStyle>(
    () => ({
      prefix: settings.channelPrefix,
      titles: settings.chatTitles,
      emote: { emotes, mode, emotesInSystem },
    }),
    [settings.channelPrefix, settings.chatTitles, emotes, mode, emotesInSystem],
  );
  return (
    <>
      <ChatLineList
        key={tab}
        lines={lines}
        selfId={selfId}
        selfRole={selfRole}
        style={style}
        emptyText={emptyText}
      />
      <ChatInput sendable={sendable} sendChannel={sendChannel} />
    </>
  );
}
