import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { FullPageSpinner } from "../components/full-page-spinner";
import { LandingPage } from "../features/auth/components/landing-page";
import { useMe } from "../lib/queries/get-me";
import { queryKeys } from "../lib/query-keys";

// The signed-in console is its own chunk, so the public landing page stays small.
const AppShell = lazy(() => import("../layout/app-shell").then((m) => ({ default: m.AppShell })));
// So is the forced password change, which needs the password schema (and zod) on the rare sign-in that shows it.
const ForcedPasswordChange = lazy(() => import("../features/auth/components/forced-password-change").then((m) => ({ default: m.ForcedPasswordChange })));

export function RootGate() {
  const { data: user, isPending } = useMe();
  const queryClient = useQueryClient();
  const signedOut = !isPending && !user;

  // Nothing from a previous session may outlive it. Done here, after the console has unmounted,
  // so no mounted query can refill the cache.
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  }, [signedOut, queryClient]);

  if (isPending) return <FullPageSpinner />;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {user.mustChangePassword ? <ForcedPasswordChange /> : <AppShell user={user} />}
    </Suspense>
  );
}
