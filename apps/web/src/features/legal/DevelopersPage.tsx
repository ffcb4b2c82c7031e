import { useEffect, useState } from "react";
import { Link } from "react-router";
import { type ApiEndpoint, type ApiSection, apiSections } from "./apiDocument";
import { LegalPage, LegalSection } from "./LegalPage";

/** The docs' client example (issue 28): "print the best Fish price every minute". */
const CLIENT_EXAMPLE = `import { manaspireClient } from "@manaspire/api-client";

const api = manaspireClient("${typeof location === "undefined" ? "https://…" : location.origin}");
const FISH = "7";
setInterval(async () => {
  const { data, error } = await api.GET("/api/market");
  if (error) return console.error(error.code, error.error);
  console.log("Fish: best sell", data.Sell[FISH] ?? "none", "best buy", data.Buy[FISH] ?? "none");
}, 60_000);`;

const STREAM_EXAMPLE = `const stream = new EventSource("/api/market/stream");
stream.addEventListener("trade", (e) => console.log(JSON.parse(e.data)));
stream.addEventListener("best", (e) => console.log(JSON.parse(e.data)));`;

/** The document's text with its `code` spans shown as code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        i % 2 === 1 ? <code key={i}>{part}</code> : <span key={i}>{part}</span>,
      )}
    </>
  );
}

/** One endpoint, as the OpenAPI document describes it. */
function Endpoint({ e }: { e: ApiEndpoint }) {
  return (
    <div className="space-y-2" data-testid="api-endpoint">
      <h3 className="font-mono text-sm break-all text-ink">
        <span className="mr-2 rounded bg-primary-deep px-1.5 py-0.5 text-xs font-bold">
          {e.method}
        </span>
        {e.path}
      </h3>
      {e.summary && <p className="text-sm font-semibold text-ink">{e.summary}</p>}
      <p className="text-sm">
        <Prose text={e.description} />
      </p>
      {e.parameters.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {e.parameters.map((p) => (
            <li key={`${p.in}:${p.name}`}>
              <code>{p.name}</code> ({p.in}
              {p.required ? ", required" : ""}){p.description ? ": " : ""}
              <Prose text={p.description} />
            </li>
          ))}
        </ul>
      )}
      {e.needsKey && (
        <p className="text-sm">
          Needs the guild&apos;s key: send <code>Authorization: Bearer &lt;key&gt;</code>. The
          guild&apos;s leader creates it on the guild&apos;s{" "}
          <Link to="/guild/info" className="link">
            Info
          </Link>{" "}
          page; regenerating it makes the old key stop working.
        </p>
      )}
      <pre className="rounded-lg bg-night-950 px-3 py-2 text-xs break-words whitespace-pre-wrap text-ink-muted">
        {`200: ${e.shape}\n${e.responses
          .filter((r) => r.status !== "200")
          .map((r) => `${r.status}: ${r.type || "error"}`)
          .join(", ")}`}
      </pre>
    </div>
  );
}

/**
 * /developers, the public API's documentation (spec 001: "a static API docs link is shown to
 * guilds with a key"), rendered from the server's OpenAPI document (`/api/openapi.json`,
 * issue 28), so it says what the code declares.
 */
export function DevelopersPage() {
  const [sections, setSections] = useState<ApiSection[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch("/api/openapi.json")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((doc: unknown) => live && setSections(apiSections(doc)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <LegalPage title="Public API" updated="November 2026">
      <p>
        This server answers read-only HTTP endpoints for community tools: market prices and a live
        market stream, player profiles, leaderboards and guilds. Answers are JSON, need no sign-in
        (a guild&apos;s details need its key) and are cached for 5 seconds. Any web page may call
        them (CORS, without cookies). Players, leaderboards and guilds allow 60 requests a minute
        per address, told in the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{" "}
        <code>RateLimit-Reset</code> headers; beyond that the answer is 429. Every error answers{" "}
        <code>{'{"error": "…", "code": "…"}'}</code>.
      </p>
      <p>
        The machine-readable description is{" "}
        <a href="/api/openapi.json" className="link">
          /api/openapi.json
        </a>{" "}
        (OpenAPI 3.1); this page is made from it.
      </p>
      {failed && <p role="alert">The API description could not be loaded; try again later.</p>}
      {!sections && !failed && <p>Loading the API description…</p>}
      {sections?.map((s) => (
        <LegalSection key={s.tag} title={s.tag}>
          {s.description && <p className="text-sm">{s.description}</p>}
          {s.endpoints.map((e) => (
            <Endpoint key={e.path} e={e} />
          ))}
        </LegalSection>
      ))}
      <LegalSection title="Typed client">
        <p className="text-sm">
          <code>@manaspire/api-client</code> is typed from the document. Print the best Fish price
          every minute:
        </p>
        <pre className="rounded-lg bg-night-950 px-3 py-2 text-xs whitespace-pre-wrap text-ink-muted">
          {CLIENT_EXAMPLE}
        </pre>
        <p className="text-sm">Or follow every trade as it happens:</p>
        <pre className="rounded-lg bg-night-950 px-3 py-2 text-xs whitespace-pre-wrap text-ink-muted">
          {STREAM_EXAMPLE}
        </pre>
      </LegalSection>
    </LegalPage>
  );
}
