import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { SpireMark } from "../../components/icons/SpireMark";
import { FireIcon, NatureIcon, WaterIcon } from "../../components/icons/skillIcons";
import { cx } from "../../lib/cx";
import { LegalFooter } from "../legal/LegalFooter";
import {
  login,
  playAsGuest,
  providerSignInUrl,
  providerSignUpUrl,
  register,
  storedReferrer,
} from "./authApi";
import type { AuthResult } from "./authResponse";
import { hasAccount, loginToken, referrer, useLoginToken } from "./authStorage";
import { type AuthMode, validateLoginForm } from "./loginForm";
import { type OAuthFlow, openOAuthPopup } from "./oauthPopup";
import { ProviderButton } from "./ProviderButton";
import { PASSWORD_MIN_LENGTH } from "./password";
import { useSignInMethods } from "./signInProviders";
import { USERNAME_MAX_LENGTH, validateUsername } from "./username";

/**
 * /login: sign in or create an account, with an identity provider the server offers (popup
 * flow) or a name and password, or play as a guest. A `message` query parameter (an error
 * from a flow that ended in this window) shows in red above the sign-in buttons.
 */
export function LoginPage() {
  const token = useLoginToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(() => (hasAccount.get() ? "signin" : "register"));
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { user: useId(), pass: useId(), error: useId() };
  const methods = useSignInMethods();
  const flow = useRef<OAuthFlow | null>(null);
  useEffect(() => () => flow.current?.cancel(), []);

  if (token) return <Navigate to="/" replace />;

  const shownError = error ?? searchParams.get("message");
  const isRegister = mode === "register";

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setError(null);
    hasAccount.set(next === "signin");
  };

  const finish = (result: AuthResult) => {
    if (!result.ok) {
      setError(result.error);
      setBusy(false);
      return;
    }
    hasAccount.set(true);
    loginToken.set(result.token);
    navigate("/", { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    const problem = validateLoginForm(mode, name, password);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const credentials = { username: name, password };
    finish(
      await (mode === "register"
        ? register(credentials, storedReferrer(referrer.get()))
        : login(credentials)),
    );
  };

  const onProvider = (provider: { id: string; name: string }) => {
    if (busy) return;
    let url = providerSignInUrl(provider.id);
    if (isRegister) {
      const name = username.trim();
      const problem = validateUsername(name);
      if (problem) {
        setError(name === "" ? `Choose your mage's name above, then ${provider.name}.` : problem);
        return;
      }
      url = providerSignUpUrl(provider.id, name, storedReferrer(referrer.get()));
    }
    setError(null);
    setBusy(true);
    flow.current?.cancel();
    flow.current = openOAuthPopup(url, (result) => {
      flow.current = null;
      finish(
        result.type === "oauth-success"
          ? { ok: true, token: result.data }
          : { ok: false, error: result.data },
      );
    });
  };

  const onGuest = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    finish(await playAsGuest(storedReferrer(referrer.get())));
  };

  return (
    <div className="flex min-h-full flex-col">
      <main className="mx-auto grid w-full max-w-5xl flex-1 items-center gap-10 px-4 py-10 lg:grid-cols-[1.1fr_1fr] lg:px-8">
        <section className="text-center lg:text-left">
          <SpireMark className="mx-auto size-16 drop-shadow-[0_0_24px_var(--color-primary)] lg:mx-0 lg:size-20" />
          <h1 className="text-glow mt-4 text-4xl font-bold tracking-wide text-ink sm:text-5xl">
            Manaspire
          </h1>
          <p className="mt-3 text-lg text-ink-muted">
            An idle fantasy magic MMO. Climb the spire one spell at a time.
          </p>
          <ul className="mx-auto mt-8 hidden max-w-md space-y-4 text-left sm:block lg:mx-0">
            <Feature icon={<FireIcon className="size-5 text-fire" />} title="Master the elements">
              Battle with fire, water and nature magic, each strong against the next.
            </Feature>
            <Feature icon={<WaterIcon className="size-5 text-water" />} title="Gather and craft">
              Mine iron, fish the lakes and fell wood to upgrade and enchant your gear.
            </Feature>
            <Feature icon={<NatureIcon className="size-5 text-nature" />} title="Play together">
              Trade on the market, join a guild, run dungeons and raise your pets.
            </Feature>
          </ul>
        </section>

        <section className="panel mx-auto w-full max-w-sm p-4 sm:p-7" aria-label="Account">
          <div className="grid grid-cols-2 gap-1 rounded-lg border border-edge bg-night-950/70 p-1">
            <ModeButton active={!isRegister} onClick={() => switchMode("signin")}>
              Sign in
            </ModeButton>
            <ModeButton active={isRegister} onClick={() => switchMode("register")}>
              Create account
            </ModeButton>
          </div>

          <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
            <div>
              <label htmlFor={ids.user} className="mb-1.5 block text-sm font-medium text-ink-muted">
                Username
              </label>
              <input
                id={ids.user}
                className="field"
                name="username"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={USERNAME_MAX_LENGTH}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-describedby={shownError ? ids.error : undefined}
                placeholder={isRegister ? "3–20 letters or underscores" : "Your mage name"}
              />
            </div>
            <div>
              <label htmlFor={ids.pass} className="mb-1.5 block text-sm font-medium text-ink-muted">
                Password
              </label>
              <input
                id={ids.pass}
                className="field"
                type="password"
                name="password"
                autoComplete={isRegister ? "new-password" : "current-password"}
                minLength={isRegister ? PASSWORD_MIN_LENGTH : undefined}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                placeholder={isRegister ? `At least ${PASSWORD_MIN_LENGTH} characters` : ""}
              />
            </div>

            {shownError ? (
              <p id={ids.error} role="alert" className="text-sm font-medium text-danger">
                {shownError}
              </p>
            ) : null}

            <button type="submit" className="btn btn-primary w-full py-2.5" disabled={busy}>
              {isRegister ? "Create account" : "Sign in"}
            </button>
          </form>

          <Divider />

          {methods && methods.providers.length > 0 ? (
            <>
              <fieldset className="space-y-2">
                <legend className="sr-only">Identity providers</legend>
                {methods.providers.map((provider) => (
                  <ProviderButton
                    key={provider.id}
                    provider={provider}
                    disabled={busy}
                    onClick={() => onProvider(provider)}
                  >
                    {isRegister
                      ? `Create account with ${provider.name}`
                      : `Sign in with ${provider.name}`}
                  </ProviderButton>
                ))}
              </fieldset>
              {isRegister ? (
                <p className="mt-2 text-center text-xs text-ink-faint">
                  Uses the name typed above; no password needed.
                </p>
              ) : null}
              <Divider />
            </>
          ) : null}

          <button type="button" className="btn w-full py-2.5" onClick={onGuest} disabled={busy}>
            Play as guest
          </button>
          <p className="mt-3 text-center text-xs text-ink-faint">
            Guest accounts live in this browser only, until you give them a name and password or
            link a sign-in method.
          </p>
        </section>
      </main>
      <LegalFooter />
    </div>
  );
}

function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs tracking-widest text-ink-faint uppercase">
      <span className="h-px flex-1 bg-edge" />
      or
      <span className="h-px flex-1 bg-edge" />
    </div>
  );
}

function ModeButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cx(
        "rounded-md px-2 py-2 text-[0.8rem] font-semibold whitespace-nowrap transition-colors sm:text-sm",
        active
          ? "bg-primary text-white shadow-md shadow-primary/30"
          : "text-ink-muted hover:bg-night-700 hover:text-ink",
      )}
    >
      {children}
    </button>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: string }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg border border-edge bg-night-800">
        {icon}
      </span>
      <span>
        <span className="block font-semibold text-ink">{title}</span>
        <span className="text-sm text-ink-muted">{children}</span>
      </span>
    </li>
  );
}
