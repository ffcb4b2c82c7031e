import type { ChatPart } from "@manaspire/protocol";
import { memo } from "react";
import { LootLink } from "../loot/LootLink";
import { ChatItemLink } from "./ChatItemLink";
import { safeHttpUrl } from "./chatFormat";
import { type Emote, type EmoteMode, emoteImage } from "./emoteSet";

/** Shown for a part of a kind this client does not know (spec 000 section 8). */
export const UNKNOWN_PART_TEXT = "[[unknown]]";

export interface EmoteOptions {
  emotes: ReadonlyMap<string, Emote>;
  mode: EmoteMode;
  emotesInSystem: boolean;
}

export interface MessagePartsProps {
  parts: readonly ChatPart[];
  /** A server line (sender 0): emotes follow the "emotes in system messages" preference. */
  system: boolean;
  emote: EmoteOptions;
}

/** A message's parts as React elements: never HTML, every text is a text node. */
export const MessageParts = memo(function MessageParts({
  parts,
  system,
  emote,
}: MessagePartsProps) {
  return (
    <>
      {parts.map((part, index) => (
        // Parts never move within a line: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Part key={index} part={part} system={system} emote={emote} />
      ))}
    </>
  );
});

function Part({ part, system, emote }: { part: ChatPart; system: boolean; emote: EmoteOptions }) {
  switch (part.kind) {
    case 1:
      return <>{part.text}</>;
    case 2: {
      const href = safeHttpUrl(part.url);
      if (!href) return <>{part.text}</>;
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="link break-all"
          title={href}
        >
          {part.text}
        </a>
      );
    }
    case 3: {
      const src = emoteImage(emote.emotes.get(part.text), emote.mode, {
        system,
        emotesInSystem: emote.emotesInSystem,
      });
      if (!src) return <>{part.text}</>;
      return (
        <img
          src={src}
          alt={part.text}
          title={part.text}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="-my-1 mx-0.5 inline-block h-7 w-auto max-w-28 align-middle"
          data-testid="chat-emote"
        />
      );
    }
    case 4:
      return <ChatItemLink id={part.refId} name={part.text} rarity={part.rarity} />;
    case 5:
      return <LootLink id={part.refId} text={part.text} />;
    default:
      return <span className="text-ink-faint">{UNKNOWN_PART_TEXT}</span>;
  }
}
