import {
  ascensionOf,
  GuildPermission,
  LootId,
  lootById,
  MERCHANT_GROUPS,
  MERCHANT_MIN_AMOUNT,
  merchantRate,
  merchantReceived,
  merchantTargets,
} from "@manaspire/game";
import { useId, useState } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { formatFull, parseAmount } from "../../lib/numbers";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { can } from "../guild/guildModel";
import { useGuildPermissions } from "../guild/useGuild";
import { AmountField } from "../items/AmountField";

const SOURCES = MERCHANT_GROUPS.flat();
/** The merchant's guild versions (spec 001 section 9). */
const GUILD_SOURCES: readonly number[] = [LootId.Fish, LootId.Wood, LootId.Iron];

/**
 * The merchant (spec 001 section 9): swaps a resource for another of its group at 80% plus
 * 0.5% per Ascension threshold, at least 5 at a time.
 */
export function MerchantPanel({
  loot,
  boosts,
}: {
  loot: Readonly<Record<number, number>>;
  boosts: Readonly<Record<number, number>>;
}) {
  const [source, setSource] = useState<number>(SOURCES[0] as number);
  const guildFunds = useGameStore((s) => s.guild.guild?.funds);
  const mayUseGuild = can(useGuildPermissions(), GuildPermission.WithdrawFunds) && !!guildFunds;
  const [fromGuild, setFromGuild] = useState(false);
  const guildMode = fromGuild && mayUseGuild;
  const sources = guildMode ? GUILD_SOURCES : SOURCES;
  const targets = merchantTargets(source).filter((id) => !guildMode || GUILD_SOURCES.includes(id));
  const [target, setTarget] = useState<number>(targets[0] as number);
  const [amountText, setAmountText] = useState("");
  const [touched, setTouched] = useState(false);
  const sourceId = useId();
  const targetId = useId();
  const ascension = ascensionOf(boosts);
  const stock = guildMode && guildFunds ? guildFunds : loot;
  const held = Math.floor(stock[source] ?? 0);
  const amount = parseAmount(amountText);
  const chosenTarget = targets.includes(target) ? target : (targets[0] as number);
  const error =
    !Number.isInteger(amount) || amount < MERCHANT_MIN_AMOUNT
      ? `Trade at least ${MERCHANT_MIN_AMOUNT}.`
      : amount > held
        ? `${guildMode ? "The guild has" : "You"} only ${guildMode ? "" : "have "}${formatFull(held)} ${lootById(source)?.name}.`
        : null;
  const submit = () => {
    setTouched(true);
    if (error) return;
    if (
      send("tradeMerchant", {
        sourceLootId: source,
        amount,
        targetLootId: chosenTarget,
        fromGuildFunds: guildMode,
      })
    ) {
      setAmountText("");
      setTouched(false);
    }
  };
  return (
    <section className="panel max-w-xl px-4 py-4" aria-label="Merchant">
      <h2 className="panel-title mb-1">Merchant</h2>
      <p className="mb-4 text-sm text-ink-muted">
        Swaps resources of a kind at{" "}
        <span className="font-semibold text-gold">
          {(merchantRate(ascension) * 100).toFixed(1)}%
        </span>{" "}
        (80% plus 0.5% for each Ascension threshold you reached, up to 95%).
      </p>
      {mayUseGuild ? (
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={fromGuild}
            onChange={(event) => {
              setFromGuild(event.target.checked);
              if (event.target.checked && !GUILD_SOURCES.includes(source)) {
                setSource(LootId.Fish);
                setTarget(LootId.Wood);
              }
            }}
          />
          Trade the guild's funds (Fish, Wood, Iron)
        </label>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={sourceId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
            Give
          </label>
          <select
            id={sourceId}
            className="field"
            value={source}
            onChange={(event) => {
              const next = Number(event.target.value);
              setSource(next);
              setTarget(merchantTargets(next)[0] as number);
            }}
          >
            {sources.map((id) => (
              <option key={id} value={id}>
                {lootById(id)?.name} ({formatFull(Math.floor(stock[id] ?? 0))})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={targetId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
            Receive
          </label>
          <select
            id={targetId}
            className="field"
            value={chosenTarget}
            onChange={(event) => setTarget(Number(event.target.value))}
          >
            {targets.map((id) => (
              <option key={id} value={id}>
                {lootById(id)?.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-3">
        <AmountField
          label="Amount"
          value={amountText}
          onChange={setAmountText}
          max={held}
          placeholder={`At least ${MERCHANT_MIN_AMOUNT}`}
          onEnter={submit}
          invalid={touched && error !== null}
          hint={
            touched && error ? (
              error
            ) : amount >= MERCHANT_MIN_AMOUNT ? (
              <>
                You receive{" "}
                <Num
                  value={merchantReceived(amount, ascension)}
                  className="font-semibold text-gold"
                />{" "}
                <span className={cx(rarityClass(lootById(chosenTarget)?.rarity ?? 0))}>
                  {lootById(chosenTarget)?.name}
                </span>
              </>
            ) : (
              <>
                You have <Num value={held} className="font-semibold text-ink" />
              </>
            )
          }
        />
      </div>
      <button type="button" className="btn-primary mt-4 w-full" onClick={submit}>
        Trade
      </button>
    </section>
  );
}
