import { BOARDS } from "@manaspire/game";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LegalPage, LegalSection } from "./LegalPage";

/** One endpoint: its method and path, what it answers, and an example of the answer. */
function Endpoint({
  path,
  children,
  example,
}: {
  path: string;
  children: ReactNode;
  example: string;
}) {
  return (
    <div className="space-y-2" data-testid="api-endpoint">
      <h3 className="font-mono text-sm break-all text-ink">
        <span className="mr-2 rounded bg-primary-deep px-1.5 py-0.5 text-xs font-bold">GET</span>
        {path}
      </h3>
      <div className="text-sm">{children}</div>
      <pre className="rounded-lg bg-night-950 px-3 py-2 text-xs break-words whitespace-pre-wrap text-ink-muted">
        {example}
      </pre>
    </div>
  );
}

/**
 * /developers, the public API's documentation (spec 001: "a static API docs link is shown to
 * guilds with a key"): the read-only HTTP endpoints community tools use, with the live game's
 * answer shapes (docs/architecture.md "Public API").
 */
export function DevelopersPage() {
  return (
    <LegalPage title="Public API" updated="November 2026">
      <p>
        This server answers a few read-only HTTP endpoints for community tools: market prices,
        player profiles, leaderboards and guilds. Answers are JSON, need no sign-in (the guild
        endpoint needs the guild's key) and are cached for 5 seconds. Players, leaderboards and
        guilds allow 60 requests a minute per address; beyond that the answer is 429 with how long
        to wait. Errors answer <code>{'{"error": "…"}'}</code> with a 4xx status.
      </p>
      <LegalSection title="Market">
        <Endpoint
          path="/api/market"
          example={'{"Buy": {"10": 1.2, "11": 0.9}, "Sell": {"10": 1.4, "11": 1.1}}'}
        >
          The best buy and sell price of every item with a market, by item id.
        </Endpoint>
        <Endpoint
          path="/api/market/{itemId}/history?interval=hour|day"
          example={
            '{"lootId": 10, "interval": "hour", "candles": [{"start": 1764201600000, "open": 1.2, "high": 1.5, "low": 1.1, "close": 1.4, "volume": 3200}]}'
          }
        >
          An item's price candles, oldest first: a week of hours or a month of days. 404 for an item
          without a market.
        </Endpoint>
      </LegalSection>
      <LegalSection title="Players">
        <Endpoint
          path="/api/players/{id or name}"
          example={
            '{"ID": 42, "Name": "Ember", "Title": "", "GuildID": 7, "GuildName": "Deep Halls", "Level": 31, "MiningLevel": 12, "Kills": 5120, "Deaths": 33, "Equipment": [...], "Boosts": {...}}'
          }
        >
          A player's public profile, as the game's profile page shows it. 404 for nobody.
        </Endpoint>
      </LegalSection>
      <LegalSection title="Leaderboards">
        <Endpoint
          path="/api/leaderboards/{type}?page=1&guild={guildId}"
          example={
            '{"Type": "battle", "Rank": [{"Rank": 1, "Name": "Ember", "Score": 31, "Banned": false}], "CurrentPage": 1, "TotalPages": 9}'
          }
        >
          One page of 20 rows of a board (equal scores share a rank), the whole world or one
          guild&apos;s members with <code>guild</code>. 404 for an unknown type, 400 for a page
          outside 1 to TotalPages.
        </Endpoint>
        <details className="text-sm">
          <summary className="cursor-pointer text-ink">The {BOARDS.length} board types</summary>
          <p className="mt-2 font-mono text-xs leading-relaxed break-words">
            {BOARDS.map((b) => b.key).join(", ")}
          </p>
        </details>
      </LegalSection>
      <LegalSection title="Guilds">
        <Endpoint
          path="/api/guilds"
          example={
            '[{"ID": 7, "Name": "Deep Halls", "Level": 4, "Members": 12, "MaxMembers": 20, "TotalUpgrades": 9}]'
          }
        >
          Every guild, most upgrades first.
        </Endpoint>
        <Endpoint
          path="/api/guilds/{id}?apikey={key}"
          example={
            '{"ID": 7, "Name": "Deep Halls", "MOTD": "…", "Level": 4, "DungeonLevel": 3, "Funds": {...}, "Ranks": {...}, "Roster": [{"ID": 42, "Name": "Ember", "RankName": "Leader", "Level": 31, "LastActive": 1764201600000, "Contributions": {...}}]}'
          }
        >
          A guild&apos;s full record with its roster, for tools its members trust. The guild&apos;s
          leader creates the key on the guild&apos;s{" "}
          <Link to="/guild/info" className="link">
            Info
          </Link>{" "}
          page; regenerating it makes the old key stop working. 401 without the current key.
        </Endpoint>
      </LegalSection>
    </LegalPage>
  );
}
