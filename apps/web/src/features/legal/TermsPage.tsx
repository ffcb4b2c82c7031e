import { Link } from "react-router";
import { LegalPage, LegalSection } from "./LegalPage";
import { SignInMethodsList } from "./SignInMethods";

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        By creating an account or playing as a guest you agree to these terms. Manaspire is
        open-source software run by an independent operator; these terms apply between you and the
        operator of this server.
      </p>
      <LegalSection title="Your account">
        <p>
          One account per person. Keep your password to yourself and do not share or sell your
          account. You are responsible for what happens on it. This server lets you sign in with:
        </p>
        <SignInMethodsList />
      </LegalSection>
      <LegalSection title="Fair play">
        <p>
          Follow the{" "}
          <Link to="/rules" className="link">
            game rules
          </Link>
          : no automation or scripts, no scamming, no abuse of bugs, and treat other players with
          respect. Breaking the rules can lead to muting, item removal or a ban.
        </p>
      </LegalSection>
      <LegalSection title="Virtual items and purchases">
        <p>
          Items, currencies and progress in the game have no real-world value and remain part of the
          service. If the operator sells premium currency, purchases of Codex and Crystallized Mana
          are final and non-refundable, and by completing checkout you agree that delivery starts at
          once and waive the 14-day right of withdrawal.
        </p>
      </LegalSection>
      <LegalSection title="The service">
        <p>
          The game is provided as is. The operator may change, reset or stop the game, and may
          remove accounts that break these terms. We may update these terms; the date above shows
          the latest version.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
