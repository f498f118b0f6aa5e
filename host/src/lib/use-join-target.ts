import { paths, selectIsLoggedIn, useSession } from '@erd/shared-contracts';

/** Spec §2: every join button ('Jetzt mitmachen') leads to /challenge when logged in, else to /login. */
export function useJoinTarget(): string {
  const isLoggedIn = useSession(selectIsLoggedIn);
  return isLoggedIn ? paths.challenges : paths.login;
}
