import { Link } from "react-router";
import { SpireMark } from "../components/icons/SpireMark";

/** Unknown address inside the game. */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <SpireMark className="mx-auto size-14 opacity-70" />
      <h1 className="mt-4 text-2xl font-bold text-ink">Lost in the mists</h1>
      <p className="mt-2 text-ink-muted">There is nothing at this address.</p>
      <Link to="/town" className="btn btn-primary mt-6">
        Back to Town
      </Link>
    </div>
  );
}
