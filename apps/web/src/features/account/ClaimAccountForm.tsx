import { type FormEvent, useId, useState } from "react";
import { send } from "../../store/gameStore";
import { hasAccount } from "../auth/authStorage";
import { PASSWORD_MIN_LENGTH, validateNewPassword } from "../auth/password";
import { USERNAME_MAX_LENGTH, validateUsername } from "../auth/username";

/**
 * A guest keeps the mage: choose a name and a password (claimAccount). The server renames
 * the mage and answers with a toast; the section then shows the account as a full one.
 */
export function ClaimAccountForm() {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { name: useId(), pass: useId(), error: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const error = validateUsername(trimmed) ?? validateNewPassword(password);
    setProblem(error);
    if (error) return;
    if (send("claimAccount", { name: trimmed, password })) {
      hasAccount.set(true);
      setPassword("");
    }
  };

  return (
    <form
      className="mt-5 rounded-lg border border-edge bg-night-900/50 p-4"
      onSubmit={onSubmit}
      noValidate
      aria-label="Keep your mage"
    >
      <h3 className="font-semibold text-ink">Keep your mage with a name and password</h3>
      <p className="mt-0.5 text-xs text-ink-muted">
        Your mage takes this name; sign in with it on any device.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="mb-1 block text-sm font-medium text-ink-muted">
            New name
          </label>
          <input
            id={ids.name}
            className="field"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="3–20 letters or underscores"
            aria-describedby={problem ? ids.error : undefined}
          />
        </div>
        <div>
          <label htmlFor={ids.pass} className="mb-1 block text-sm font-medium text-ink-muted">
            Password
          </label>
          <input
            id={ids.pass}
            className="field"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          />
        </div>
      </div>
      {problem ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary mt-3 min-h-11 w-full sm:w-auto">
        Keep my mage
      </button>
    </form>
  );
}
