import { LegalPage, LegalSection } from "./LegalPage";
import { SignInMethodsList } from "./SignInMethods";

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Manaspire is open-source software. Each server is run by its own operator, who is
        responsible for the data stored on it. This policy describes what the game itself collects;
        your operator may add details for their server.
      </p>
      <LegalSection title="What we store">
        <ul className="list-disc space-y-1 pl-5">
          <li>Your account: your mage&apos;s name and the date you joined.</li>
          <li>
            Your game progress: levels, items, resources, guild membership, market orders and the
            activity log.
          </li>
          <li>
            Chat messages you send, kept so other players can read them and moderators can act on
            reports.
          </li>
          <li>
            Technical data needed to keep the game fair and running, such as connection times and IP
            addresses in short-lived server logs.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="How you sign in">
        <p>This server offers these sign-in methods:</p>
        <SignInMethodsList privacy />
      </LegalSection>
      <LegalSection title="In your browser">
        <p>
          The game keeps your login token (renewed while you play, so an active player stays signed
          in) and interface preferences (menu layout, colours, read news, tooltip mode) in your
          browser&apos;s local storage. There are no advertising or tracking cookies and no
          third-party analytics.
        </p>
      </LegalSection>
      <LegalSection title="What your browser contacts">
        <p>
          The game loads everything from this server: its pages and code, the live game over one
          connection, and the chat&apos;s emote pictures. The emote set comes from a public emote
          service (7TV by default), but the server fetches it and its pictures itself and passes
          them on, so your browser never contacts that service and it does not see your address. An
          operator may choose another emote service, or set the game up so browsers load the emotes
          from that service directly; their privacy notice then says so. There are no fonts, scripts
          or images from other sites.
        </p>
        <p>
          Your browser keeps a copy of the game&apos;s code (an offline cache), so it starts quickly
          and shows a clear &ldquo;You are offline&rdquo; screen without a network.
        </p>
      </LegalSection>
      <LegalSection title="Sharing">
        <p>
          We do not sell or share your data. Your username, levels, guild and public profile are
          visible to other players and on leaderboards. Payments, if the operator enables them, are
          handled by a payment provider that receives only what it needs to process your purchase.
        </p>
      </LegalSection>
      <LegalSection title="Your choices">
        <p>
          You can ask the operator to export or delete your account at any time. Deleting an account
          removes your progress permanently. Guest accounts that stay inactive may be removed.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
