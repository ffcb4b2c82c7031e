import { Link } from "react-router";

/** Footer with the legal links, used on the sign-in screen and the legal pages. */
export function LegalFooter() {
  return (
    <footer className="border-t border-edge/70 px-4 py-5 text-center text-sm text-ink-faint">
      <nav
        aria-label="Legal"
        className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2"
      >
        <Link to="/terms" className="hover:text-ink">
          Terms of Service
        </Link>
        <Link to="/privacy" className="hover:text-ink">
          Privacy Policy
        </Link>
        <Link to="/about" className="hover:text-ink">
          About
        </Link>
        <Link to="/developers" className="hover:text-ink">
          Public API
        </Link>
      </nav>
      <p className="mt-2 text-xs">Manaspire is open source and self-hosted by its operator.</p>
    </footer>
  );
}
