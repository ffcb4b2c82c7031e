import { useSignInMethods } from "../auth/signInProviders";

/**
 * The sign-in methods this server really offers (GET /api/auth/providers), for the Terms and
 * Privacy pages: name and password, guests, and each identity provider the operator set up.
 */
export function SignInMethodsList({ privacy = false }: { privacy?: boolean }) {
  const methods = useSignInMethods();
  if (!methods)
    return <p className="text-ink-faint">Loading the sign-in methods of this server…</p>;
  const names = methods.providers.map((p) => p.name);
  return (
    <ul className="list-disc space-y-1 pl-5" data-testid="sign-in-methods">
      {methods.password ? (
        <li>
          A name and a password
          {privacy
            ? ": we keep the name and a salted Argon2id hash of the password, never the password itself."
            : "."}
        </li>
      ) : null}
      {methods.guest ? (
        <li>
          A guest account, kept only by a login token in your browser until you give it a name and
          password or link a sign-in method; clearing your browser data loses it.
        </li>
      ) : null}
      {names.length > 0 ? (
        <li>
          {privacy
            ? `Signing in with ${joinNames(names)}: you sign in on their site, and they tell us only your account's id there and, if they share it, your e-mail address. We store both with the date you linked them and never see your password there.`
            : `Your account at ${joinNames(names)}, linked to your mage; you can link several and remove them, as long as one way to sign in remains.`}
        </li>
      ) : (
        <li>No third-party sign-in providers are offered on this server.</li>
      )}
    </ul>
  );
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
