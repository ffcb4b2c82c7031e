import { cleanGuildName, GUILD_CREATE_COST, GUILD_NAME_RULE, lootById } from "@manaspire/game";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { send, useGameStore } from "../../store/gameStore";
import { clampGuildPage } from "./guildModel";
import { useGuildRedirect } from "./useGuild";

const costText = Object.entries(GUILD_CREATE_COST)
  .map(([id, n]) => `${n.toLocaleString("en")} ${lootById(Number(id))?.name ?? id}`)
  .join(", ");

/**
 * /guild/list (spec 001 section 2): found a guild, the pending invitations (Accept), and every
 * guild, 50 per page, most upgrades first. With a guild: to /guild.
 */
export function GuildListPage() {
  const redirect = useGuildRedirect();
  const [params, setParams] = useSearchParams();
  const page = clampGuildPage(Number(params.get("page") ?? 1), Number.POSITIVE_INFINITY);
  const list = useGameStore((s) => s.guild.list);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const nameId = useId();

  useEffect(() => {
    if (connected) send("refreshGuildList", { page });
  }, [connected, page]);

  if (redirect) return <Navigate to={redirect} replace />;
  const valid = cleanGuildName(name) !== undefined;
  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    send("createGuild", { name: name.trim() });
  };
  const go = (p: number) => setParams({ page: String(p) });

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="guild-list-page">
      <PageTitle subtitle="Find a guild to join or found your own.">Guilds</PageTitle>

      <section className="panel px-4 py-4" aria-labelledby="guild-create">
        <h2 id="guild-create" className="panel-title mb-2">
          Create a guild
        </h2>
        <form className="flex flex-wrap items-start gap-2" onSubmit={onCreate} noValidate>
          <div className="min-w-48 flex-1">
            <label htmlFor={nameId} className="sr-only">
              Guild name
            </label>
            <input
              id={nameId}
              className="field h-10 py-0 text-sm"
              maxLength={30}
              placeholder="Guild name"
              value={name}
              aria-invalid={touched && !valid}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(name !== "")}
            />
            {touched && !valid ? (
              <p className="mt-1 text-xs text-danger" role="alert">
                {GUILD_NAME_RULE}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn btn-primary h-10 px-3 py-0 text-xs"
            disabled={name.trim() === ""}
          >
            Create Guild
          </button>
        </form>
        <p className="mt-2 text-xs text-ink-faint">Costs {costText}.</p>
      </section>

      {list && list.invites.length > 0 ? (
        <section className="panel px-4 py-4" aria-labelledby="guild-invites">
          <h2 id="guild-invites" className="panel-title mb-2">
            Invitations
          </h2>
          <ul className="divide-y divide-edge/60">
            {list.invites.map((i) => (
              <li
                key={i.guildId}
                className="flex items-center justify-between gap-2 py-1.5"
                data-testid="guild-invite"
              >
                <Link to={`/guild/list/${i.guildId}`} className="link font-semibold">
                  {i.name}
                </Link>
                <button
                  type="button"
                  className="btn btn-primary h-8 px-3 py-0 text-xs"
                  onClick={() => send("guildInviteAccept", { guildId: i.guildId })}
                >
                  Accept
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="panel px-4 py-4" aria-labelledby="guild-all">
        <h2 id="guild-all" className="panel-title mb-2">
          All guilds
        </h2>
        {!list ? (
          <div className="skeleton h-24 w-full" aria-busy="true" />
        ) : list.guilds.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-faint">No guilds yet. Found the first!</p>
        ) : (
          <table className="w-full text-sm tabular-nums">
            <thead>
              <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
                <th className="py-1 font-semibold">Name</th>
                <th className="py-1 text-right font-semibold">Level</th>
                <th className="py-1 text-right font-semibold">Members</th>
                <th className="py-1 text-right font-semibold">Upgrades</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-edge/60">
              {list.guilds.map((g) => (
                <tr key={g.id}>
                  <td className="py-1.5">
                    <Link to={`/guild/list/${g.id}`} className="link font-semibold">
                      {g.name}
                    </Link>
                  </td>
                  <td className="py-1.5 text-right">{g.level}</td>
                  <td className="py-1.5 text-right">
                    {g.members}/{g.maxMembers}
                  </td>
                  <td className="py-1.5 text-right">{g.totalUpgrades}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list && list.totalPages > 1 ? (
          <div className="mt-3 flex items-center justify-center gap-2 text-sm">
            <button
              type="button"
              className="btn h-8 px-3 py-0 text-xs"
              disabled={list.page <= 1}
              onClick={() => go(list.page - 1)}
            >
              Previous
            </button>
            <span className="text-ink-muted">
              Page {list.page} of {list.totalPages}
            </span>
            <button
              type="button"
              className="btn h-8 px-3 py-0 text-xs"
              disabled={list.page >= list.totalPages}
              onClick={() => go(list.page + 1)}
            >
              Next
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
