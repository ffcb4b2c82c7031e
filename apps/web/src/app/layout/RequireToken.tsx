import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useLoginToken } from "../../features/auth/authStorage";
import { signInPath, useSignedOutReason } from "../../features/auth/signedOut";

/**
 * Without a login token the shell redirects to /login (with the server's reason when it
 * refused the token).
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useLoginToken();
  const reason = useSignedOutReason((state) => state.reason);
  if (!token) return <Navigate to={signInPath(reason)} replace />;
  return children;
}
