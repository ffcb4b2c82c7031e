import { LootId } from "@manaspire/game";
import { useId } from "react";
import { useGameStore } from "../../store/gameStore";
import { pushToast } from "../toasts/toastStore";
import { SettingsSection } from "./controls";

/** The player's invitation link: the sign-in screen keeps its `ref` as the referrer. */
export function referrerLink(origin: string, playerId: number): string {
  return `${origin}/login?ref=${playerId}`;
}

/** What the player earned as a referrer, in a sentence. */
export function referralEarnings(codex: number, shards: number): string {
  return `Earned from referrals: ${codex.toLocaleString("en")} Codex and ${shards.toLocaleString("en")} Elemental Shards.`;
}

/** Settings, referrer link (spec 001 section 2). */
export function ReferrerSection() {
  const playerId = useGameStore((s) => s.player?.id ?? null);
  const codex = useGameStore((s) => s.player?.referrerRewards[LootId.Codex] ?? 0);
  const shards = useGameStore((s) => s.player?.referrerRewards[LootId.ElementalShards] ?? 0);
  const inputId = useId();
  const link = playerId === null ? "" : referrerLink(window.location.origin, playerId);
  const copy = () => {
    navigator.clipboard
      ?.writeText(link)
      .then(() => pushToast("Your referrer link is copied."))
      .catch(() => pushToast("Copying failed; select the link and copy it yourself."));
  };
  return (
    <SettingsSection
      id="referrer"
      title="Referrer link"
      description="Invite friends with your own link. You receive 5% of the Codex a friend you referred buys in the Premium shop and 5% of the Elemental Shards they find in battle (before their boosts, in tens); both of you need a linked sign-in provider."
    >
      <label htmlFor={inputId} className="sr-only">
        Your referrer link
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="field min-w-0 flex-1 font-mono text-xs sm:text-sm"
          data-testid="referrer-link"
        />
        <button type="button" className="btn shrink-0" onClick={copy} disabled={link === ""}>
          Copy
        </button>
      </div>
      <p className="mt-2 text-xs text-ink-muted" data-testid="referrer-rewards">
        {referralEarnings(codex, shards)}
      </p>
    </SettingsSection>
  );
}
