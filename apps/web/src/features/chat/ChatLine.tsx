import type { ChatEntry } from "@manaspire/protocol";
import { memo } from "react";
import { TrashIcon } from "../../components/icons/uiIcons";
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
import { askDeleteLine } from "./deleteLineStore";
import { type EmoteOptions, MessageParts } from "./MessageParts";

export interface LineStyle {
  prefix: ChannelPrefix;
  titles: ChatTitles;
  emote: EmoteOptions;
}

/**
 * One chat line: time, channel prefix, role badge, title, sender (menu on click), message;
 * for moderators and admins a Delete control (`canDelete`).
 */
export const ChatLine = memo(function ChatLine({
  entry,
  selfId,
  style,
  canDelete = false,
}: {
  entry: ChatEntry;
  selfId: number | null;
  style: LineStyle;
  canDelete?: boolean;
}) {
  const prefix = channelPrefix(entry.channel, style.prefix);
  const badge = roleBadge(entry.senderRole);
  const title = titleView(entry.senderTitle, entry.senderTitleColor, style.titles);
  const sender = lineSender(entry, selfId);
  const colour = channelClass(entry.channel);
  return (
    <p
      className={cx(
        "group relative px-3 py-0.5 text-[0.8rem] leading-5 break-words hover:bg-white/[0.03]",
        canDelete && "pr-10",
      )}
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
        <PlayerName name={sender.name} role={entry.senderRole} className="text-ink" />
      )}
      <span className="text-ink-faint">: </span>
      <span className={colour}>
        <MessageParts parts={entry.message} system={entry.senderId === 0} emote={style.emote} />
      </span>
      {canDelete ? <DeleteLineButton id={entry.id} /> : null}
    </p>
  );
});

/**
 * A moderator's Delete control: shown while the line is hovered or focused on devices that
 * can hover, always on touch screens. Asks before anything is sent.
 */
function DeleteLineButton({ id }: { id: number }) {
  return (
    <button
      type="button"
      aria-label="Delete message"
      title="Delete message"
      onClick={() => askDeleteLine(id)}
      className={cx(
        "absolute top-0 right-2 grid size-6 place-items-center rounded-md text-ink-faint transition-opacity",
        "hover:bg-danger/15 hover:text-danger focus-visible:text-danger",
        "[@media(hover:hover)]:opacity-0 group-hover:opacity-100 group-focus-within:opacity-100",
      )}
      data-testid="chat-delete"
    >
      <TrashIcon className="size-3.5" />
    </button>
  );
}
