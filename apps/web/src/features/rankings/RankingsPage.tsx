import { type BoardDef, LEADERBOARD_PAGE_SIZE } from "@manaspire/game";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { send, useGameStore } from "../../store/gameStore";
import { canBeginName, FIND_LIMIT, findOutcome, findPlayers } from "./findPlayers";
import { OwnPlace, Pager, Table } from "./RankingsBoard";
import { boardGroups, clampPage, rankingsQuery } from "./rankingsModel";

const GROUPS = boardGroups();
/** How often the page shown is asked for again. */
const RANKINGS_REFRESH_MS = 10_000;

/**
 * /rankings (spec 001 sections 2-7): a type picker, the Rank / Name / Score table (equal scores
 * share a rank, banned players struck through), paging within 1..total pages, search by name
 * (any case, by the start of the name: an exact name or the only match opens the page holding
 * that player, several are offered to pick from; issue 31) and the guild-only toggle. The board
 * and page live in the address, so Back and reloads keep them.
 */
export function RankingsPage() {
  const [params, setParams] = useSearchParams();
  const { board, page } = rankingsQuery(params);
  const guildOnly = params.get("guild") === "1";
  const connected = useGameStore((s) => s.connection.status === "connected");
  const shown = useGameStore((s) => s.rankings.page);
  const current = shown && shown.type === board.key && shown.guildOnly === guildOnly ? shown : null;
  const [searching, setSearching] = useState<string | null>(null);
  const [matches, setMatches] = useState<{ typed: string; type: string; names: string[] } | null>(
    null,
  );
  /**
   * The search under way and a count of the player's own moves (board, page, guild), both set
   * at once in the event handler: an effect or an answer from before a move must not undo it.
   * A render's effects can run after the next event's handler (React flushes them before that
   * event's render), so the search effect below, holding the old address, would otherwise put
   * the old board back after the player picked another (seen in e2e/rankings.spec.ts).
   */
  const search = useRef<string | null>(null);
  const moves = useRef(0);

  const go = (next: { type?: string; page?: number; guild?: boolean }) => {
    const out = new URLSearchParams(params);
    if (next.type !== undefined) out.set("type", next.type);
    if (next.page !== undefined) out.set("page", String(next.page));
    if (next.guild !== undefined) {
      if (next.guild) out.set("guild", "1");
      else out.delete("guild");
    }
    moves.current += 1;
    search.current = null;
    setSearching(null);
    setMatches(null);
    setParams(out);
  };

  /** Opens the page holding `name` (the server's search). */
  const open = (name: string) => {
    setMatches(null);
    search.current = name;
    setSearching(name);
    send("searchLeaderboard", { type: board.key, pageSize: LEADERBOARD_PAGE_SIZE, name });
  };

  // The names on this board that begin with what was typed; without an answer, the exact search.
  const find = async (typed: string) => {
    setMatches(null);
    const type = board.key;
    const move = moves.current;
    const names = canBeginName(typed) ? await findPlayers(type, typed) : null;
    // The player went to another board or page while the names were on their way.
    if (moves.current !== move) return;
    const outcome = findOutcome(typed, names ?? []);
    if (outcome.kind === "choose") setMatches({ typed, type, names: outcome.names });
    else open(outcome.name);
  };

  // Ask for the page in the address (again after a reconnect, and every few seconds while the
  // tab is visible: scores move as players act); a search's answer names its page.
  useEffect(() => {
    if (!connected || searching !== null) return;
    const ask = () => {
      if (document.visibilityState !== "visible") return;
      send("viewLeaderboard", {
        type: board.key,
        page: clampPage(page, undefined),
        pageSize: LEADERBOARD_PAGE_SIZE,
        guildOnly,
      });
    };
    ask();
    const timer = setInterval(ask, RANKINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [connected, board.key, page, guildOnly, searching]);

  // A search answered: show its page in the address too.
  useEffect(() => {
    if (searching === null || search.current !== searching) return;
    if (!shown || shown.type !== board.key) return;
    if (shown.highlight?.toLowerCase() !== searching.toLowerCase()) return;
    // The player has left for another page meanwhile (a profile from the board): this render's
    // address is stale, and writing it would take them back (CI, 2026-11-29).
    if (!window.location.pathname.startsWith("/rankings")) return;
    if (params.get("page") === String(shown.currentPage) && !params.has("guild")) return;
    const out = new URLSearchParams(params);
    out.set("page", String(shown.currentPage));
    out.delete("guild");
    setParams(out, { replace: true });
  }, [shown, searching, board.key, params, setParams]);

  return (
    <div className="mx-auto w-full max-w-3xl" data-testid="rankings-page">
      <PageTitle subtitle="The Hall of Fame: every mage's standing, board by board.">
        Rankings
      </PageTitle>
      <section className="panel space-y-4 px-4 py-4">
        <Controls
          board={board}
          guildOnly={guildOnly}
          onBoard={(type) => go({ type, page: 1 })}
          onGuild={(guild) => go({ guild, page: 1 })}
          onSearch={(typed) => void find(typed)}
        />
        {matches && matches.type === board.key ? (
          <NameMatches
            typed={matches.typed}
            names={matches.names}
            onPick={open}
            onClose={() => setMatches(null)}
          />
        ) : null}
        <p className="text-sm text-ink-muted">{board.description}</p>
        {current ? (
          <>
            <OwnPlace page={current} board={board} onGo={(p) => go({ page: p })} />
            <Table page={current} board={board} />
            <Pager page={current} onGo={(p) => go({ page: p })} />
          </>
        ) : (
          <div className="skeleton h-64 w-full" aria-busy="true" />
        )}
      </section>
    </div>
  );
}

function Controls({
  board,
  guildOnly,
  onBoard,
  onGuild,
  onSearch,
}: {
  board: BoardDef;
  guildOnly: boolean;
  onBoard: (type: string) => void;
  onGuild: (guild: boolean) => void;
  onSearch: (name: string) => void;
}) {
  const pickerId = useId();
  const searchId = useId();
  const [name, setName] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted !== "") onSearch(wanted);
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <label htmlFor={pickerId} className="mb-1 block text-xs font-semibold text-ink-muted">
          Leaderboard
        </label>
        <select
          id={pickerId}
          className="field h-9 w-full py-0"
          value={board.key}
          onChange={(event) => onBoard(event.target.value)}
        >
          {GROUPS.map(({ group, boards }) => (
            <optgroup key={group} label={group}>
              {boards.map((b) => (
                <option key={b.key} value={b.key}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 text-sm text-ink-muted">
          <input
            type="checkbox"
            className="accent-primary"
            checked={guildOnly}
            onChange={(event) => onGuild(event.target.checked)}
          />
          Guild only
        </label>
      </div>
      <form onSubmit={submit}>
        <label htmlFor={searchId} className="mb-1 block text-xs font-semibold text-ink-muted">
          Find a player
        </label>
        <div className="flex gap-2">
          <input
            id={searchId}
            className="field h-9 min-w-0 flex-1 py-0"
            placeholder="Player name"
            maxLength={20}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn btn-primary h-9" disabled={name.trim() === ""}>
            Search
          </button>
        </div>
      </form>
    </div>
  );
}

/** The names a search found, to pick from (issue 31). */
function NameMatches({
  typed,
  names,
  onPick,
  onClose,
}: {
  typed: string;
  names: string[];
  onPick: (name: string) => void;
  onClose: () => void;
}) {
  return (
    <section
      aria-label="Players found"
      data-testid="find-matches"
      className="rounded-lg border border-edge bg-night-900/50 px-3 py-2"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {names.length >= FIND_LIMIT
            ? `The first ${FIND_LIMIT} names beginning with “${typed}” (type more to narrow them):`
            : `Names beginning with “${typed}”:`}
        </p>
        <button type="button" className="btn btn-ghost h-7 shrink-0 px-2 text-xs" onClick={onClose}>
          Close
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="btn btn-ghost h-8 border border-edge px-3 text-sm"
              onClick={() => onPick(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
