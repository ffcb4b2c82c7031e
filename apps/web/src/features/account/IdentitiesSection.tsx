import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useShell } from "../../app/shellContext";
import { Dialog } from "../../components/Dialog";
import { send, useGameStore } from "../../store/gameStore";
import { loginToken } from "../auth/authStorage";
import { type OAuthFlow, openOAuthPopup } from "../auth/oauthPopup";
import { ProviderBadge } from "../auth/ProviderButton";
import { useSignInMethods } from "../auth/signInProviders";
import { pushToast } from "../toasts/toastStore";
import { ClaimAccountForm } from "./ClaimAccountForm";
import {
  canRemove,
  GUEST_NOTICE,
  GUEST_WARNING,
  type Identity,
  identityDetail,
  identityLabel,
  linkedOn,
} from "./identitiesModel";

/**
 * The account's identities (spec 001 section 2, "account identities page"; a settings
 * section): the linked sign-in methods with Remove, a Link button for each identity provider
 * the server offers, a guest's warning and the form to keep the mage with a name and
 * password, and Logout. Self-contained: it asks for the list itself (listIdentities) and
 * links through the popup flow. An `error` query parameter (a link that ended in this window)
 * shows in red.
 */
export function IdentitiesSection() {
  const connected = useGameStore((s) => s.connection.status === "connected");
  const list = useGameStore((s) => s.account.identities);
  const redirect = useGameStore((s) => s.account.linkRedirect);
  const playerGuest = useGameStore((s) => s.player?.guest ?? false);
  const methods = useSignInMethods();
  const { actions } = useShell();
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Identity | null>(null);
  const flow = useRef<OAuthFlow | null>(null);
  const seenRedirect = useRef(redirect?.seq ?? 0);
  const headingId = useId();

  useEffect(() => {
    if (connected) send("listIdentities", {});
  }, [connected]);
  useEffect(() => () => flow.current?.cancel(), []);

  // The server's answer to linkIdentity: the address the waiting popup opens.
  useEffect(() => {
    if (!redirect || redirect.seq === seenRedirect.current) return;
    seenRedirect.current = redirect.seq;
    flow.current?.go(redirect.url);
  }, [redirect]);

  const queryError = params.get("error");
  const shownError = error ?? queryError;
  const guest = list?.guest ?? playerGuest;
  const identities = list?.identities ?? [];
  const offered = methods?.providers ?? [];

  const link = (provider: { id: string; name: string }) => {
    setError(null);
    if (queryError) {
      params.delete("error");
      setParams(params, { replace: true });
    }
    setLinking(provider.id);
    flow.current?.cancel();
    flow.current = openOAuthPopup(null, (result) => {
      flow.current = null;
      setLinking(null);
      if (result.type === "oauth-error") {
        setError(result.data);
        return;
      }
      if (result.data) loginToken.set(result.data);
      pushToast(`${provider.name} is linked to your account.`);
      send("listIdentities", {});
    });
    if (!send("linkIdentity", { provider: provider.id, returnTo: window.location.pathname })) {
      flow.current.cancel();
      flow.current = null;
      setLinking(null);
    }
  };

  const remove = (identity: Identity) => {
    setRemoving(null);
    send("unlinkIdentity", { provider: identity.provider, providerId: identity.providerId });
  };

  return (
    <section aria-labelledby={headingId} className="panel p-4 sm:p-6" data-testid="identities">
      <h2 id={headingId} className="panel-title">
        Identity providers
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The ways you can sign in to this mage. Link several so you never lose access.
      </p>

      {guest ? (
        <div
          role="status"
          className="mt-4 rounded-lg border border-gold/50 bg-gold/10 px-3 py-2.5 text-sm"
        >
          <p className="font-semibold text-gold">{GUEST_NOTICE}</p>
          <p className="mt-0.5 text-ink">{GUEST_WARNING}</p>
        </div>
      ) : null}

      {shownError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {shownError}
        </p>
      ) : null}

      <ul className="mt-4 space-y-2" aria-label="Linked sign-in methods">
        {list === null ? (
          <li className="h-14 animate-pulse rounded-lg bg-night-800/70" />
        ) : identities.length === 0 ? (
          <li className="rounded-lg border border-dashed border-edge px-3 py-3 text-sm text-ink-muted">
            No sign-in method is linked yet: this browser is the only way into your account.
          </li>
        ) : (
          identities.map((identity) => (
            <li
              key={`${identity.provider}:${identity.providerId}`}
              className="flex items-center gap-3 rounded-lg border border-edge bg-night-900/60 px-3 py-2.5"
            >
              <ProviderBadge
                provider={{
                  id: identity.provider,
                  name: identityLabel(identity.provider, offered),
                }}
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  {identityLabel(identity.provider, offered)}
                </p>
                <p className="truncate text-xs text-ink-muted">
                  {identityDetail(identity)} · {linkedOn(identity.createdAt)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-ghost min-h-11 px-3 text-danger"
                disabled={!canRemove(identities)}
                title={canRemove(identities) ? undefined : "Your only way to sign in"}
                onClick={() => setRemoving(identity)}
              >
                Remove
              </button>
            </li>
          ))
        )}
      </ul>

      {offered.length > 0 ? (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          {offered.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className="btn min-h-11 justify-start"
              disabled={linking !== null || !connected}
              onClick={() => link(provider)}
            >
              <ProviderBadge provider={provider} />
              {linking === provider.id ? `Linking ${provider.name}…` : `Link ${provider.name}`}
            </button>
          ))}
        </div>
      ) : methods ? (
        <p className="mt-4 text-sm text-ink-muted">
          This server offers no identity providers
          {guest ? "; keep your mage with a name and password below." : "."}
        </p>
      ) : null}

      {guest ? <ClaimAccountForm /> : null}

      <div className="mt-6 flex justify-end border-t border-edge pt-4">
        <button type="button" className="btn min-h-11" onClick={actions.signOut}>
          Logout
        </button>
      </div>

      <Dialog
        open={removing !== null}
        title="Remove sign-in method"
        danger
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        {removing
          ? `You will no longer be able to sign in with ${identityLabel(removing.provider, offered)} (${identityDetail(removing)}).`
          : null}
      </Dialog>
    </section>
  );
}
