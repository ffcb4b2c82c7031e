import { Link } from "react-router";
import { ProfileIcon } from "../../components/icons/placeIcons";
import { useGameStore } from "../../store/gameStore";

/**
 * The top bar's way to the account page: an icon, and for a guest a highlighted "Keep your
 * mage" (a guest who never links a sign-in method loses the mage with the browser's data).
 */
export function AccountLink() {
  const guest = useGameStore((s) => s.player?.guest ?? false);
  if (guest) {
    return (
      <Link
        to="/account"
        aria-label="Guest account: keep your mage"
        title="Guest account: keep your mage"
        className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg border border-gold/60 bg-gold/15 px-2.5 text-xs font-semibold whitespace-nowrap text-gold hover:bg-gold/25"
      >
        <ProfileIcon className="size-4" />
        <span>
          Guest<span className="hidden sm:inline lg:hidden 2xl:inline"> · Keep your mage</span>
        </span>
      </Link>
    );
  }
  return (
    <Link
      to="/account"
      title="Account"
      className="grid size-10 place-items-center rounded-lg text-ink-faint transition-colors hover:bg-white/5 hover:text-ink lg:size-9"
    >
      <ProfileIcon className="size-5" />
      <span className="sr-only">Account</span>
    </Link>
  );
}
