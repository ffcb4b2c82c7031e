import { GuildPermission } from "@manaspire/game";
import { useEffect } from "react";
import { Navigate, NavLink, Outlet } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { cx } from "../../lib/cx";
import { send, useGameStore } from "../../store/gameStore";
import { GuildLevel } from "./GuildLevel";
import { can } from "./guildModel";
import { useGuildPermissions, useGuildRedirect } from "./useGuild";

/**
 * /guild and its sub-routes (spec 001 section 2): the guild's name and message of the day, the
 * tabs, and the screen of the route (Roster by default). Without a guild: to /guild/list.
 */
export function GuildArea() {
  const redirect = useGuildRedirect();
  const guild = useGameStore((s) => s.guild.guild);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const mask = useGuildPermissions();

  useEffect(() => {
    if (connected) send("refreshGuildRoster", {});
  }, [connected]);

  if (redirect) return <Navigate to={redirect} replace />;
  if (!guild) {
    return (
      <div className="mx-auto w-full max-w-4xl">
        <div className="skeleton h-40 w-full" aria-busy="true" />
      </div>
    );
  }
  const tabs = [
    { to: "/guild", label: "Roster", end: true },
    can(mask, GuildPermission.EditDescription)
      ? { to: "/guild/edit", label: "Edit" }
      : { to: "/guild/info", label: "Info" },
    { to: "/guild/ranks", label: "Ranks" },
    { to: "/guild/armory", label: "Armory" },
    { to: "/guild/upgrades", label: "Upgrades" },
    { to: "/guild/log", label: "Log" },
  ];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4" data-testid="guild-area">
      <PageTitle
        subtitle={
          guild.motd ? (
            <span data-testid="guild-motd">{guild.motd}</span>
          ) : (
            `Level ${guild.level} · ${guild.members}/${guild.maxMembers} members · led by ${guild.ownerName}`
          )
        }
      >
        {guild.name}
      </PageTitle>
      <GuildLevel
        level={guild.level}
        experience={guild.experience}
        experienceToLevel={guild.experienceToLevel}
      />
      <nav aria-label="Guild" className="flex flex-wrap gap-1.5">
        {tabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              cx("btn h-8 px-3 py-0 text-xs", isActive ? "btn-primary" : "btn-ghost")
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
