import type { ChatEntry } from "@manaspire/protocol";
import { memo } from "react";
import { cx } from "../../lib/cx";
import { PlayerName } from "../player-menu/PlayerName";
import type { ChannelPrefix, ChatTitles } from "../settings/localSettings";
import {
  channelClass,
  channelPrefix,
  chatClock,
  lineSender,
  roleBadge,
  titleView,
} from "./chatFormat";
import { type EmoteOptions, MessageParts } from "./MessageParts";

export interface LineStyle {
  prefix: ChannelPrefix;
  titles: ChatTitles;
  emote: EmoteOptions;
}

/** One chat line: time, channel prefix, role badge, title, sender (menu on click), message. */
export const ChatLine = memo(function ChatLine({
  entry,
  selfId,
  style,
}: {
  entry: ChatEntry;
  selfId: number | null;
  style: LineStyle;
}) {
  const prefix = channelPrefix(entry.channel, style.prefix);
  const badge = roleBadge(entry.senderRole);
  const title = titleView(entry.senderTitle, entry.senderTitleColor, style.titles);
  const sender = lineSender(entry, selfId);
  const colour = channelClass(entry.channel);
  return (
    <p
      className="px-3 py-0.5 text-[0.8rem] leading-5 break-words hover:bg-white/[0.03]"
      data-testid="chat-line"
      data-channel={entry.channel}
    >
      <time
        dateTime={new Date(entry.timestamp).toISOString()}
        title={new Date(entry.timestamp).toLocaleString()}
        className="mr-1.5 font-mono text-[0.68rem] text-ink-faint tabular-nums"
      >
        {chatClock(entry.timestamp)}
      </time>
      {prefix ? <span className={cx("mr-1 font-semibold", colour)}>{prefix}</span> : null}
      {sender.kind === "whisperFrom" || sender.kind === "whisperTo" ? (
        <span className="chan-whispers">{sender.kind === "whisperFrom" ? "From " : "To "}</span>
      ) : null}
      {/* On "To …" lines the badge and title would be the player's own: left out. */}
      {badge && sender.kind !== "whisperTo" ? (
        <span
          className={cx(
            "mr-1 rounded px-1 py-px align-[1px] text-[0.66rem] font-bold",
            badge === "Admin" ? "bg-danger/20 text-danger" : "bg-success/15 text-success",
          )}
          data-testid="chat-role"
        >
          {badge}
        </span>
      ) : null}
      {title && sender.kind !== "whisperTo" ? (
        <span
          className={cx("mr-1 text-[0.72rem] italic", title.color === null && "text-ink-faint")}
          style={title.color ? { color: title.color } : undefined}
          data-testid="chat-title"
        >
          {title.text}
        </span>
      ) : null}
      {sender.kind === "system" ? (
        <span className="font-semibold text-gold">{sender.name}</span>
      ) : (
        <PlayerName name={sender.name} className="text-ink" />
      )}
      <span className="text-ink-faint">: </span>
      <span className={colour}>
        <MessageParts parts={entry.message} system={entry.senderId === 0} emote={style.emote} />
      </span>
    </p>
  );
});
