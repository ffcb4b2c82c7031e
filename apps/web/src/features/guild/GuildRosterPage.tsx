import {
  ACTION_TYPE_NAMES,
  type ActionType,
  GUILD_WITHDRAWABLE,
  GuildPermission,
  LootId,
  lootById,
} from "@manaspire/game";
import { type FormEvent, useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { formatFull, formatNumber } from "../../lib/numbers";
import { send, useGameStore } from "../../store/gameStore";
import type { RosterMember } from "../../store/slices/guild";
import { PlayerName } from "../player-menu/PlayerName";
import { assignableRanks, can, outranksMember } from "./guildModel";
import { useGuildPermissions } from "./useGuild";

/** Currencies the funds form offers (donate any of them; withdraw only dust and shards). */
const FUND_CURRENCIES = [
  LootId.ManaDust,
  LootId.ElementalShards,
  LootId.Iron,
  LootId.Fish,
  LootId.Wood,
];

const lootName = (id: number) => lootById(id)?.name ?? `#${id}`;

function since(ms: number): string {
  const s = Math.max(0, Math.floor((Date.now() - ms) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

function contributions(m: RosterMember): string {
  const parts = Object.entries(m.contributions)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${formatNumber(v)} ${lootName(Number(k))}`);
  return parts.length > 0 ? parts.join(", ") : "—";
}

/**
 * /guild (the default tab): funds with donate and withdraw, the invite box, the roster with
 * each member's rank, levels, action, last activity and contributions, and the controls the
 * player's rank allows (kick, rank), and Leave Guild.
 */
export function GuildRosterPage() {
  const guild = useGameStore((s) => s.guild.guild);
  const roster = useGameStore((s) => s.guild.roster);
  const me = useGameStore((s) => s.player?.id);
  const mask = useGuildPermissions();
  const [invite, setInvite] = useState("");
  const [currency, setCurrency] = useState<number>(LootId.ManaDust);
  const [amount, setAmount] = useState("");
  const [confirm, setConfirm] = useState<
    | { kind: "leave" }
    | { kind: "kick"; member: RosterMember }
    | { kind: "leader"; member: RosterMember }
    | null
  >(null);
  const inviteId = useId();
  const amountId = useId();
  const currencyId = useId();
  if (!guild || me === undefined) return null;

  const onInvite = (e: FormEvent) => {
    e.preventDefault();
    const name = invite.trim();
    if (name === "") return;
    send("guildInvite", { name });
    setInvite("");
  };
  const n = Math.floor(Number(amount));
  const validAmount = Number.isSafeInteger(n) && n > 0;
  const leading = guild.ownerId === me;
  const mayWithdraw =
    can(mask, GuildPermission.WithdrawFunds) && GUILD_WITHDRAWABLE.includes(currency);

  return (
    <div className="space-y-4" data-testid="guild-roster">
      <section className="panel px-4 py-4" aria-labelledby="guild-funds">
        <h2 id="guild-funds" className="panel-title mb-2">
          Funds
        </h2>
        <ul
          className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm tabular-nums"
          data-testid="guild-funds"
        >
          {FUND_CURRENCIES.map((id) => (
            <li key={id}>
              <span className="text-ink-muted">{lootName(id)}</span>{" "}
              <span className="font-semibold text-gold" title={formatFull(guild.funds[id] ?? 0)}>
                {formatNumber(guild.funds[id] ?? 0)}
              </span>
            </li>
          ))}
        </ul>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!validAmount) return;
            send("guildDonate", { lootId: currency, amount: n });
            setAmount("");
          }}
        >
          <div>
            <label
              htmlFor={currencyId}
              className="mb-1.5 block text-xs font-semibold text-ink-muted"
            >
              Currency
            </label>
            <select
              id={currencyId}
              className="field h-10 py-0 text-sm"
              value={currency}
              onChange={(e) => setCurrency(Number(e.target.value))}
            >
              {FUND_CURRENCIES.map((id) => (
                <option key={id} value={id}>
                  {lootName(id)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={amountId} className="mb-1.5 block text-xs font-semibold text-ink-muted">
              Amount
            </label>
            <input
              id={amountId}
              className="field h-10 w-32 py-0 text-sm"
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ""))}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary h-10 px-3 py-0 text-xs"
            disabled={!validAmount}
          >
            Donate
          </button>
          {mayWithdraw ? (
            <button
              type="button"
              className="btn h-10 px-3 py-0 text-xs"
              disabled={!validAmount}
              onClick={() => {
                send("guildDonate", { lootId: currency, amount: -n });
                setAmount("");
              }}
            >
              Withdraw
            </button>
          ) : null}
        </form>
      </section>

      {can(mask, GuildPermission.Invite) ? (
        <section className="panel px-4 py-4">
          <form className="flex items-end gap-2" onSubmit={onInvite}>
            <div className="flex-1">
              <label
                htmlFor={inviteId}
                className="mb-1.5 block text-xs font-semibold text-ink-muted"
              >
                Invite a player
              </label>
              <input
                id={inviteId}
                className="field h-10 py-0 text-sm"
                maxLength={20}
                value={invite}
                placeholder="Player name"
                onChange={(e) => setInvite(e.target.value)}
              />
            </div>
            <button
              type="submit"
              className="btn btn-primary h-10 px-3 py-0 text-xs"
              disabled={invite.trim() === ""}
            >
              Invite
            </button>
          </form>
        </section>
      ) : null}

      <section className="panel px-4 py-4" aria-labelledby="guild-roster-title">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="guild-roster-title" className="panel-title">
            Roster ({roster.length}/{guild.maxMembers})
          </h2>
          <button
            type="button"
            className="btn btn-ghost h-8 px-3 py-0 text-xs"
            onClick={() => setConfirm({ kind: "leave" })}
          >
            Leave Guild
          </button>
        </div>
        {/* The table scrolls sideways in here on a phone; `relative` keeps its sr-only labels
            (absolutely placed) inside too, or they widen the whole page. */}
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm tabular-nums [&_td]:pr-3 [&_th]:pr-3">
            <thead>
              <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
                <th className="py-1 font-semibold">Name</th>
                <th className="py-1 font-semibold">Rank</th>
                <th className="py-1 font-semibold">Levels</th>
                <th className="py-1 font-semibold">Action</th>
                <th className="py-1 font-semibold">Last active</th>
                <th className="py-1 font-semibold">Contributions</th>
                <th className="py-1 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-edge/60">
              {roster.map((m) => {
                const target = outranksMember(guild, roster, me, m);
                const ranks = assignableRanks(guild, roster, me);
                return (
                  <tr key={m.id} data-testid="roster-row">
                    <td className="py-1.5">
                      <PlayerName name={m.name} className={m.banned ? "line-through" : undefined} />
                      {m.active ? (
                        <span className="ml-1 text-xs text-success" title="Online">
                          ●
                        </span>
                      ) : null}
                    </td>
                    <td className="py-1.5">
                      {can(mask, GuildPermission.Promote) && target ? (
                        <select
                          aria-label={`Rank of ${m.name}`}
                          className="field h-8 py-0 text-xs"
                          value={m.rankId}
                          onChange={(e) =>
                            send("guildPromote", { playerId: m.id, rank: Number(e.target.value) })
                          }
                        >
                          {ranks.some((r) => r.id === m.rankId) ? null : (
                            <option value={m.rankId}>{m.rank}</option>
                          )}
                          {ranks.map((r) => (
                            <option key={r.id} value={r.id}>
                              {r.name}
                            </option>
                          ))}
                        </select>
                      ) : (
                        m.rank
                      )}
                    </td>
                    <td className="py-1.5 text-xs text-ink-muted">
                      <abbr title="Battle" className="no-underline">
                        B
                      </abbr>{" "}
                      {m.level} ·{" "}
                      <abbr title="Mining" className="no-underline">
                        M
                      </abbr>{" "}
                      {m.miningLevel} ·{" "}
                      <abbr title="Fishing" className="no-underline">
                        F
                      </abbr>{" "}
                      {m.fishingLevel} ·{" "}
                      <abbr title="Woodcutting" className="no-underline">
                        W
                      </abbr>{" "}
                      {m.woodcuttingLevel}
                    </td>
                    <td className="py-1.5 text-xs">
                      {ACTION_TYPE_NAMES[m.actionType as ActionType] ?? "—"}
                    </td>
                    <td className="py-1.5 text-xs text-ink-muted">{since(m.lastFatigue)}</td>
                    <td className="py-1.5 text-xs">{contributions(m)}</td>
                    <td className="py-1.5 text-right whitespace-nowrap">
                      {leading && m.id !== me ? (
                        <button
                          type="button"
                          className="btn btn-ghost h-7 px-2 text-xs"
                          onClick={() => setConfirm({ kind: "leader", member: m })}
                        >
                          Make leader
                        </button>
                      ) : null}
                      {can(mask, GuildPermission.Kick) && target ? (
                        <button
                          type="button"
                          className="btn btn-ghost h-7 px-2 text-xs"
                          onClick={() => setConfirm({ kind: "kick", member: m })}
                        >
                          Kick
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <Dialog
        open={confirm?.kind === "leave"}
        title="Leave Guild"
        danger
        confirmLabel="Leave"
        confirmDisabled={leading && roster.length > 1}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          send("guildLeave", {});
          setConfirm(null);
        }}
      >
        <p className="text-sm">
          {leading && roster.length > 1
            ? `You lead ${guild.name}: make another member the leader first (Make leader in the roster), or kick everyone to end the guild.`
            : leading
              ? `You are the last member: leaving ends ${guild.name} for good.`
              : `Leave ${guild.name}? You will need a new invitation to come back.`}
        </p>
      </Dialog>
      <Dialog
        open={confirm?.kind === "leader"}
        title="Make Leader"
        confirmLabel="Make leader"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "leader") {
            send("guildTransferLeadership", { playerId: confirm.member.id });
          }
          setConfirm(null);
        }}
      >
        <p className="text-sm">
          Make {confirm?.kind === "leader" ? confirm.member.name : ""} the leader of {guild.name}?
          You take their rank ({confirm?.kind === "leader" ? confirm.member.rank : ""}) and can no
          longer act as the leader; only the new leader can hand the guild back.
        </p>
      </Dialog>
      <Dialog
        open={confirm?.kind === "kick"}
        title="Kick Player"
        danger
        confirmLabel="Kick"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "kick") send("guildKick", { playerId: confirm.member.id });
          setConfirm(null);
        }}
      >
        <p className="text-sm">
          Remove {confirm?.kind === "kick" ? confirm.member.name : ""} from {guild.name}?
        </p>
      </Dialog>
    </div>
  );
}
