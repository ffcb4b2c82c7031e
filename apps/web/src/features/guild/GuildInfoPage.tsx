import {
  GUILD_DESCRIPTION_MAX,
  GUILD_INTERNAL_MAX,
  GUILD_MOTD_MAX,
  GuildPermission,
} from "@manaspire/game";
import { useId, useState } from "react";
import { Link, Navigate } from "react-router";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import type { Guild } from "../../store/slices/guild";
import { can } from "./guildModel";
import { useGuildPermissions } from "./useGuild";

/**
 * The API key (leader only): its creation, and its regeneration with the spec's warning (a
 * guild without a key has no previous key to lose).
 */
function ApiKey({ guild }: { guild: Guild }) {
  const me = useGameStore((s) => s.player?.id);
  const [asking, setAsking] = useState(false);
  const [revoking, setRevoking] = useState(false);
  if (me !== guild.ownerId) return null;
  return (
    <section className="panel px-4 py-4" aria-labelledby="guild-api-key">
      <h2 id="guild-api-key" className="panel-title mb-2">
        API key
      </h2>
      {guild.apiKey ? (
        <>
          <code
            className="block rounded bg-night-900 px-2 py-1 text-xs break-all"
            data-testid="guild-api-key"
          >
            {guild.apiKey}
          </code>
          <p className="mt-2 text-xs text-ink-faint">
            Community tools read your guild with <code>GET /api/guilds/{guild.id}?apikey=…</code>{" "}
            (every guild: <code>GET /api/guilds</code>). Give the key only to tools you trust. The{" "}
            <Link to="/developers" className="link" data-testid="api-docs-link">
              API documentation
            </Link>{" "}
            lists every public endpoint.
          </p>
          <p className="mt-2 text-xs text-ink-faint">
            The guild can be renamed in the{" "}
            <Link to="/shop" className="link">
              Premium shop
            </Link>
            .
          </p>
        </>
      ) : (
        <p className="text-sm text-ink-muted">No API key yet.</p>
      )}
      <button
        type="button"
        className="btn mt-3 h-8 px-3 py-0 text-xs"
        onClick={() => setAsking(true)}
      >
        {guild.apiKey ? "Regenerate API key" : "Create API key"}
      </button>
      {guild.apiKey && (
        <button
          type="button"
          className="btn mt-3 ml-2 h-8 px-3 py-0 text-xs"
          onClick={() => setRevoking(true)}
        >
          Revoke API key
        </button>
      )}
      <Dialog
        open={revoking}
        title="Revoke API key"
        onCancel={() => setRevoking(false)}
        onConfirm={() => {
          send("revokeGuildApiKey", {});
          setRevoking(false);
        }}
      >
        <p className="text-sm">Tools using the key will stop working. No key is left.</p>
      </Dialog>
      <Dialog
        open={asking}
        title={guild.apiKey ? "Regenerate API key" : "Create API key"}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          send("regenerateGuildApiKey", {});
          setAsking(false);
        }}
      >
        {guild.apiKey ? (
          <p className="text-sm">This will invalidate the previous API Key</p>
        ) : (
          <p className="text-sm">
            Community tools read your guild with the key. Give it only to tools you trust; you can
            regenerate or revoke it at any time.
          </p>
        )}
      </Dialog>
    </section>
  );
}

function Text({ title, text }: { title: string; text: string }) {
  return (
    <section className="panel px-4 py-4">
      <h2 className="panel-title mb-2">{title}</h2>
      <p className="text-sm whitespace-pre-wrap text-ink-muted">{text || "Nothing here yet."}</p>
    </section>
  );
}

/** /guild/info: the description, internal information and message of the day, read only. */
export function GuildInfoPage() {
  const guild = useGameStore((s) => s.guild.guild);
  if (!guild) return null;
  return (
    <div className="space-y-4" data-testid="guild-info">
      <Text title="Message of the day" text={guild.motd} />
      <Text title="Description" text={guild.description} />
      <Text title="Internal information" text={guild.internalDescription} />
      <ApiKey guild={guild} />
    </div>
  );
}

function Field(props: {
  label: string;
  value: string;
  max: number;
  rows: number;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 flex justify-between text-xs font-semibold text-ink-muted"
      >
        <span>{props.label}</span>
        <span className="tabular-nums text-ink-faint">
          {props.value.length}/{props.max}
        </span>
      </label>
      <textarea
        id={id}
        className="field text-sm"
        rows={props.rows}
        maxLength={props.max}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** /guild/edit: with Edit Description, the three texts as a form; otherwise the info view. */
export function GuildEditPage() {
  const guild = useGameStore((s) => s.guild.guild);
  const mask = useGuildPermissions();
  const [description, setDescription] = useState(guild?.description ?? "");
  const [internal, setInternal] = useState(guild?.internalDescription ?? "");
  const [motd, setMotd] = useState(guild?.motd ?? "");
  if (!guild) return null;
  if (!can(mask, GuildPermission.EditDescription)) return <Navigate to="/guild/info" replace />;
  return (
    <div className="space-y-4" data-testid="guild-edit">
      <form
        className="panel space-y-3 px-4 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          send("updateGuild", { description, internal, motd });
        }}
      >
        <Field
          label="Message of the day"
          value={motd}
          max={GUILD_MOTD_MAX}
          rows={2}
          onChange={setMotd}
        />
        <Field
          label="Description (public)"
          value={description}
          max={GUILD_DESCRIPTION_MAX}
          rows={5}
          onChange={setDescription}
        />
        <Field
          label="Internal information"
          value={internal}
          max={GUILD_INTERNAL_MAX}
          rows={6}
          onChange={setInternal}
        />
        <button type="submit" className="btn btn-primary h-9 px-4 py-0 text-xs">
          Save
        </button>
      </form>
      <ApiKey guild={guild} />
    </div>
  );
}
