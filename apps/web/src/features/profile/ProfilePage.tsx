import {
  guildEffects,
  PROFILE_TEXT_MAX,
  profileTextCounter,
  validatePlayerName,
} from "@manaspire/game";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { cx } from "../../lib/cx";
import { send, useGameStore } from "../../store/gameStore";
import type { Profile } from "../../store/slices/rankings";
import { ProfileEquipment } from "./ProfileEquipment";
import {
  activityOf,
  formatStat,
  lookupPath,
  profileSigilLevel,
  statGroupsOf,
} from "./profileModel";

/** Forgets the profile shown (spec 001: the profile is cleared when leaving the page). */
function clearProfile(): void {
  useGameStore.setState((s) => ({ rankings: { ...s.rankings, profile: undefined } }));
}

/**
 * /profile and /profile/{name} (spec 001 sections 2-6): a lookup box (trims; Enter or Search),
 * the profile with its guild link, equipment (tooltips; an Enchant button on another player's
 * items), the ten stat groups, and the profile text, which its owner edits with a counter,
 * Save and Cancel (Cancel restores). Leaving the page clears the profile.
 */
export function ProfilePage() {
  const { name = "" } = useParams();
  const connected = useGameStore((s) => s.connection.status === "connected");
  const profile = useGameStore((s) => s.rankings.profile);
  const answers = useGameStore((s) => s.rankings.answers);
  const asked = useRef<number | null>(null);
  const wanted = name.trim();
  // A name no player can have is nobody's: no need to ask.
  const impossible = wanted !== "" && validatePlayerName(wanted) !== null;

  useEffect(() => {
    if (!connected) return;
    clearProfile();
    if (impossible) return;
    asked.current = useGameStore.getState().rankings.answers;
    send("getPlayerProfile", wanted === "" ? {} : { name: wanted });
  }, [connected, wanted, impossible]);
  useEffect(() => clearProfile, []);

  const answered = asked.current !== null && answers > asked.current;
  return (
    <div className="mx-auto w-full max-w-4xl" data-testid="profile-page">
      <PageTitle subtitle="Look up any mage by name.">Profile</PageTitle>
      <Lookup initial={name} />
      {impossible ? (
        <Missing name={wanted} />
      ) : !answered || profile === undefined ? (
        <div className="skeleton mt-4 h-72 w-full" aria-busy="true" />
      ) : profile === null ? (
        <p
          className="panel mt-4 px-4 py-8 text-center text-sm text-ink-muted"
          data-testid="profile-missing"
        >
          No player is called <span className="font-semibold text-ink">{name.trim()}</span>.
        </p>
      ) : (
        <ProfileView profile={profile} />
      )}
    </div>
  );
}

function Missing({ name }: { name: string }) {
  return (
    <p
      className="panel mt-4 px-4 py-8 text-center text-sm text-ink-muted"
      data-testid="profile-missing"
    >
      No player is called <span className="font-semibold text-ink">{name}</span>.
    </p>
  );
}

function Lookup({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const id = useId();
  useEffect(() => setText(initial), [initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(lookupPath(text));
  };
  return (
    <form onSubmit={submit} className="flex gap-2" aria-label="Look up a player">
      <label htmlFor={id} className="sr-only">
        Player name
      </label>
      <input
        id={id}
        className="field h-9 min-w-0 flex-1 py-0"
        placeholder="Player name"
        maxLength={40}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn-primary h-9">
        Search
      </button>
    </form>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const selfId = useGameStore((s) => s.player?.id);
  const own = profile.id === selfId;
  return (
    <div className="mt-4 space-y-4" data-testid="profile-view">
      <Header profile={profile} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ProfileEquipment profile={profile} own={own} />
        <ProfileText profile={profile} own={own} />
      </div>
      <StatGroups profile={profile} own={own} />
    </div>
  );
}

function Header({ profile }: { profile: Profile }) {
  const facts: Array<[string, number | string]> = [
    ["Battle", profile.level],
    ["Mining", profile.miningLevel],
    ["Fishing", profile.fishingLevel],
    ["Woodcutting", profile.woodcuttingLevel],
    ["Kills", profile.kills],
    ["Deaths", profile.deaths],
    ["Highest Enemy", profile.highestEnemy],
    ["Battle Quests", profile.battleQuestCompleted],
    ["Gather Actions", profile.gatherActions],
    ["Gather Quests", profile.gatherQuestCompleted],
    ["Event Actions", profile.eventActions],
    ["Potions Brewed", profile.potionsBrewed],
    ["Event Points", profile.eventPoints],
    ["Sigil Level", profileSigilLevel(profile)],
  ];
  return (
    <section className="panel px-4 py-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2
          className={cx(
            "font-display text-xl font-bold text-ink",
            profile.banned && "text-ink-faint line-through",
          )}
          data-testid="profile-name"
        >
          {profile.name}
        </h2>
        {profile.title ? (
          <span
            className="text-sm font-semibold"
            style={{ color: profile.titleColor || undefined }}
          >
            {profile.title}
          </span>
        ) : null}
        {profile.banned ? (
          <span className="rounded bg-danger/20 px-1.5 py-0.5 text-xs font-semibold text-danger">
            Banned
          </span>
        ) : null}
        {profile.guildId !== undefined ? (
          <Link to={`/guild/list/${profile.guildId}`} className="link text-sm font-semibold">
            {profile.guildName ?? "Guild"}
          </Link>
        ) : (
          <span className="text-sm text-ink-faint">No guild</span>
        )}
      </div>
      <p className="mt-1 text-sm text-ink-muted">{activityOf(profile)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 border-b border-edge/30 pb-1">
            <dt className="text-ink-faint">{label}</dt>
            <dd className="font-semibold text-ink tabular-nums">
              {typeof value === "number" ? <Num value={value} /> : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProfileText({ profile, own }: { profile: Profile; own: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const saved = useGameStore((s) => s.rankings.saved);
  const savedAt = useRef(saved);
  const id = useId();
  // The server answered the Save: leave editing (the profile holds the stored text).
  useEffect(() => {
    if (saved !== savedAt.current) {
      savedAt.current = saved;
      setDraft(null);
    }
  }, [saved]);
  const editing = draft !== null;
  return (
    <section className="panel flex flex-col px-4 py-4" data-testid="profile-text">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="panel-title">About</h3>
        {own && !editing ? (
          <button
            type="button"
            className="btn btn-ghost h-7 px-2 text-xs"
            onClick={() => setDraft(profile.profileText)}
          >
            Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        <>
          <label htmlFor={id} className="sr-only">
            Profile text
          </label>
          <textarea
            id={id}
            className="field min-h-40 w-full flex-1 resize-y py-2 text-sm"
            maxLength={PROFILE_TEXT_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className="text-xs text-ink-faint tabular-nums" data-testid="profile-counter">
              {profileTextCounter(draft)}
            </span>
            <span className="flex gap-2">
              <button type="button" className="btn btn-ghost h-8" onClick={() => setDraft(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-primary h-8"
                disabled={draft.length > PROFILE_TEXT_MAX}
                onClick={() => send("updateProfile", { text: draft })}
              >
                Save
              </button>
            </span>
          </div>
        </>
      ) : profile.profileText === "" ? (
        <p className="py-4 text-sm text-ink-faint">
          {own
            ? "Tell other mages about yourself: press Edit."
            : `${profile.name} has not written anything yet.`}
        </p>
      ) : (
        <p
          className="text-sm break-words whitespace-pre-wrap text-ink"
          data-testid="profile-text-body"
        >
          {profile.profileText}
        </p>
      )}
    </section>
  );
}

function StatGroups({ profile, own }: { profile: Profile; own: boolean }) {
  const guild = useGameStore((s) => s.guild.guild);
  // One's own guild's upgrades and level are known here; they enter one's own stat lines.
  const effects =
    own && guild && guild.id === profile.guildId
      ? guildEffects(guild.upgrades, guild.level)
      : undefined;
  return (
    <section
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="profile-stats"
      aria-label="Stats"
    >
      {statGroupsOf(profile, effects).map((group) => (
        <div key={group.title} className="panel px-3 py-3">
          <h3 className="panel-title mb-1.5">{group.title}</h3>
          <dl className="space-y-0.5 text-xs">
            {group.lines.map((line) => {
              const v = formatStat(line);
              return (
                <div key={line.label} className="flex justify-between gap-2">
                  <dt className="text-ink-muted">{line.label}</dt>
                  <dd
                    className={cx(
                      "font-semibold tabular-nums",
                      line.value === 0 ? "text-ink-faint" : "text-ink",
                    )}
                    title={v.full}
                  >
                    {v.text}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </section>
  );
}
