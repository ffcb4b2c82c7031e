import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { send, useGameStore } from "../../store/gameStore";
import { PlayerName } from "../player-menu/PlayerName";
import { GuildLevel } from "./GuildLevel";

/** /guild/list/{id} (spec 001 section 2): a guild's public description and roster. */
export function GuildPublicPage() {
  const { id } = useParams();
  const guildId = Number(id);
  const valid = Number.isSafeInteger(guildId) && guildId > 0;
  const view = useGameStore((s) => s.guild.publicView);
  const connected = useGameStore((s) => s.connection.status === "connected");

  useEffect(() => {
    if (connected && valid) send("guildGetDetailsPublic", { id: guildId });
  }, [connected, valid, guildId]);

  const shown = !valid || view === null ? null : view && view.id === guildId ? view : undefined;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="guild-public-page">
      <PageTitle
        subtitle={
          <Link to="/guild/list" className="link font-semibold">
            All guilds
          </Link>
        }
      >
        {shown ? shown.name : "Guild"}
      </PageTitle>
      {shown === undefined ? (
        <div className="skeleton h-40 w-full" aria-busy="true" />
      ) : shown === null ? (
        <section className="panel px-4 py-8 text-center text-sm text-ink-muted">
          No such guild.
        </section>
      ) : (
        <>
          <GuildLevel
            level={shown.level}
            experience={shown.experience}
            experienceToLevel={shown.experienceToLevel}
          />
          <section className="panel px-4 py-4">
            <h2 className="panel-title mb-2">Description</h2>
            <p className="text-sm whitespace-pre-wrap text-ink-muted">
              {shown.description || "This guild has no description yet."}
            </p>
          </section>
          <section className="panel px-4 py-4">
            <h2 className="panel-title mb-2">Roster ({shown.roster.length})</h2>
            <table className="w-full text-sm tabular-nums">
              <thead>
                <tr className="text-left text-[0.68rem] tracking-wider text-ink-faint uppercase">
                  <th className="py-1 font-semibold">Name</th>
                  <th className="py-1 font-semibold">Rank</th>
                  <th className="py-1 text-right font-semibold">Level</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-edge/60">
                {shown.roster.map((m) => (
                  <tr key={m.id}>
                    <td className="py-1.5">
                      <PlayerName name={m.name} />
                    </td>
                    <td className="py-1.5">{m.rank}</td>
                    <td className="py-1.5 text-right">{m.level}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
