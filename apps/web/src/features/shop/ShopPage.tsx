import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import { AscensionCard } from "./AscensionCard";
import { GuildRenameCard } from "./GuildRenameCard";
import { PurchaseCard } from "./PurchaseCard";
import { QualityOfLifeCard } from "./QualityOfLifeCard";
import { UsernameCard } from "./UsernameCard";

/**
 * /shop, the premium shop (spec 001 section 2): the purchase card, Ascension and titles,
 * Quality of Life, username change, and the guild rename (only when the guild record has an
 * API key, which the server sends to the guild's leader only).
 */
export function ShopPage() {
  const ready = useGameStore((s) => s.player !== null && s.premium.shop !== null);
  const guild = useGameStore((s) => s.guild.guild);
  return (
    <div className="mx-auto w-full max-w-5xl" data-testid="shop-page">
      <PageTitle subtitle="Support Manaspire, and spend Crystallized Mana on titles, comfort and names.">
        Premium Shop
      </PageTitle>
      {!ready ? (
        <div className="grid gap-3 @2xl:grid-cols-2" aria-busy="true">
          <div className="skeleton h-64" />
          <div className="skeleton h-64" />
        </div>
      ) : (
        <div className="grid items-start gap-4 @2xl:grid-cols-2">
          <PurchaseCard />
          <AscensionCard />
          <QualityOfLifeCard />
          <UsernameCard />
          {guild?.apiKey ? <GuildRenameCard guild={guild} /> : null}
        </div>
      )}
    </div>
  );
}
