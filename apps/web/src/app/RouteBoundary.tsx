import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { RouteError } from "./RouteError";

interface BoundaryProps {
  /** The address shown: an error screen goes away when the player goes elsewhere. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The address the error happened at (null: no error). */
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: "" };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.failedAt === "") return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname)
      return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt !== null ? (
      <RouteError error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A route's error screen: a screen that throws while rendering, or whose code failed to load
 * (after the one automatic reload, lazyScreen), shows RouteError in its place, inside the
 * shell when the screen is in the shell. Going to another address clears it.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
