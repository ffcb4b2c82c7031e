import { PageTitle } from "../../components/PageTitle";
import { IdentitiesSection } from "./IdentitiesSection";

/** /account: how this mage signs in (the identities section, also meant for /settings). */
export function AccountPage() {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageTitle subtitle="Sign-in methods of your mage.">Account</PageTitle>
      <IdentitiesSection />
    </div>
  );
}
