import {
  clampShopEuros,
  LootId,
  lootById,
  purchaseGrant,
  SHOP_MAX_EUROS,
  SHOP_MIN_EUROS,
} from "@manaspire/game";
import { type ReactNode, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { rarityClass } from "../../lib/rarity";
import { send, useGameStore } from "../../store/gameStore";
import { useNow } from "../farm/useNow";
import { ShopCard } from "./ShopCard";
import { checkoutDisabled, checkoutPending } from "./shopModel";

const CM_CLASS = rarityClass(lootById(LootId.CrystallizedMana)?.rarity ?? 0);
const CODEX_CLASS = rarityClass(lootById(LootId.Codex)?.rarity ?? 0);

/**
 * The purchase card (spec 001 sections 4 and 5): 5-500 euros (empty or invalid resets to 5 on
 * blur), the 14-day withdrawal waiver (required), anonymous; Checkout is disabled while a
 * checkout is in progress. The server creates a Stripe Checkout Session and the browser goes to
 * its page; without Stripe the card says this server sells none.
 */
export function PurchaseCard() {
  const shop = useGameStore((s) => s.premium.shop);
  const since = useGameStore((s) => s.premium.checkoutSince);
  const now = useNow(1000);
  const [params] = useSearchParams();
  const [eurosText, setEurosText] = useState(String(SHOP_MIN_EUROS));
  const [waiver, setWaiver] = useState(false);
  const [anonymous, setAnonymous] = useState<boolean | null>(null);
  const amountId = useId();
  if (!shop) return null;

  const returned = params.get("checkout");
  const euros = clampShopEuros(eurosText);
  const grant = purchaseGrant(euros);
  const pending = checkoutPending(since, now);
  const anon = anonymous ?? shop.anon;

  const checkout = () => {
    if (checkoutDisabled({ pending, waiver })) return;
    setEurosText(String(euros));
    if (send("shopPurchase", { euros, anonymous: anon })) {
      useGameStore.setState((s) => ({ premium: { ...s.premium, checkoutSince: Date.now() } }));
    }
  };

  return (
    <ShopCard id="purchase" title="Buy Codex and Crystallized Mana">
      {returned === "success" ? (
        <p
          className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm"
          role="status"
        >
          Payment received. Your Codex and Crystallized Mana arrive as soon as the payment is
          confirmed, usually within seconds.
        </p>
      ) : returned === "cancelled" ? (
        <p
          className="rounded-lg border border-edge bg-night-950/60 px-3 py-2 text-sm"
          role="status"
        >
          Checkout cancelled; nothing was charged.
        </p>
      ) : null}
      {!shop.available ? (
        <p className="text-sm text-ink-muted" data-testid="shop-unavailable">
          This server does not sell premium currency. Everything else in the shop works with{" "}
          <span className={CM_CLASS}>Crystallized Mana</span>, which other players sell on the{" "}
          <Link to="/market" state={{ lootID: LootId.CrystallizedMana }} className="link">
            market
          </Link>
          .
        </p>
      ) : (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            checkout();
          }}
        >
          <div>
            <label htmlFor={amountId} className="text-xs text-ink-muted">
              Amount in euros ({SHOP_MIN_EUROS}–{SHOP_MAX_EUROS})
            </label>
            <div className="mt-1 flex items-center gap-2">
              <span className="text-lg font-bold text-gold">€</span>
              <input
                id={amountId}
                className="field h-10 w-28 py-0 text-right tabular-nums"
                inputMode="numeric"
                value={eurosText}
                onChange={(e) => setEurosText(e.target.value.replace(/[^\d]/g, "").slice(0, 4))}
                onBlur={() => setEurosText(String(clampShopEuros(eurosText)))}
              />
            </div>
          </div>
          <p className="text-sm" data-testid="shop-grant">
            You get <b className={CODEX_CLASS}>{grant.codex.toLocaleString("en")} Codex</b>,{" "}
            <b className={CM_CLASS}>
              {grant.crystallizedMana.toLocaleString("en")} Crystallized Mana
            </b>{" "}
            and <b className="text-gold">{grant.ascension.toLocaleString("en")} Ascension points</b>{" "}
            ({shop.codexPerEuro} Codex, 1 Crystallized Mana and 1 Ascension point per euro).
          </p>
          <CheckBox checked={waiver} onChange={setWaiver}>
            I want the delivery to start at once and waive my 14-day right of withdrawal. Purchases
            of Codex and Crystallized Mana are final and non-refundable.
          </CheckBox>
          <CheckBox checked={anon} onChange={setAnonymous}>
            Anonymous: the thank-you in chat does not name me.
          </CheckBox>
          <button
            type="submit"
            className="btn btn-primary h-10 self-start px-5"
            disabled={checkoutDisabled({ pending, waiver })}
          >
            {pending ? "Opening checkout…" : `Checkout €${euros}`}
          </button>
          <p className="text-[0.7rem] text-ink-faint">Payments are handled by Stripe.</p>
        </form>
      )}
    </ShopCard>
  );
}

function CheckBox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-xs text-ink-muted">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
