import { Link } from "react-router";
import { LegalPage, LegalSection } from "./LegalPage";

export function AboutPage() {
  return (
    <LegalPage title="About Manaspire">
      <p>
        Manaspire is an idle fantasy magic MMO that runs in your browser. You are a mage: battle
        with fire, water and nature magic, gather iron, fish and wood, and take one action every
        three seconds, even while you do something else.
      </p>
      <LegalSection title="What you can do">
        <ul className="list-disc space-y-1 pl-5">
          <li>Fight through five battle zones, from Radiant Grove to the Blazing Core.</li>
          <li>Level mining, fishing and woodcutting, then research upgrades.</li>
          <li>Craft, enchant and upgrade gear; trade it on the market.</li>
          <li>Join a guild, run dungeons, raise pets and join timed rift events.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Open source">
        <p>
          The game is open source and self-hosted: anyone can run their own server. This server is
          operated independently; contact its operator for account questions.
        </p>
      </LegalSection>
      <p>
        <Link to="/" className="link">
          Start playing
        </Link>
      </p>
    </LegalPage>
  );
}
