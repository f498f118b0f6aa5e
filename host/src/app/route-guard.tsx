import { type ReactNode, useState } from 'react';
import {
  guestOnlyPaths,
  memberOnlyPaths,
  Navigate,
  paths,
  selectIsLoggedIn,
  storageKeys,
  useLocation,
  useSession,
} from '@erd/shared-contracts';

/**
 * Spec §2 route guards: logged-in users are sent from the guest-only routes (login, registration,
 * confirmation, restore and change password, delete confirmation) to /profil; visitors are sent
 * from /profil and /delete to /login (from /profil remembering it as the target after login).
 *
 * The decision is taken when a route is entered, with the session state of that moment, and not
 * again when the session changes while the route stays: a login on /login, or the logout right
 * after the deletion on /delete, must not be overtaken by a redirect before the screen navigates
 * on to /challenge or /delete-confirmation.
 */
function useLoggedInOnEntry(): boolean {
  const { key } = useLocation();
  const isLoggedIn = useSession(selectIsLoggedIn);
  const [entry, setEntry] = useState({ key, isLoggedIn });
  if (entry.key !== key) {
    setEntry({ key, isLoggedIn });
    return isLoggedIn;
  }
  return entry.isLoggedIn;
}

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

export function guardRedirect(pathname: string, isLoggedIn: boolean): string | null {
  const path = normalize(pathname);
  if (isLoggedIn && guestOnlyPaths.some((p) => p.toLowerCase() === path)) return paths.profile;
  if (!isLoggedIn && memberOnlyPaths.some((p) => p.toLowerCase() === path)) return paths.login;
  return null;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const isLoggedIn = useLoggedInOnEntry();
  const target = guardRedirect(pathname, isLoggedIn);
  if (target === paths.login && normalize(pathname) === paths.profile) {
    try {
      sessionStorage.setItem(storageKeys.redirectAfterLogin, paths.profile);
    } catch {
      // storage blocked: the login then leads to /challenge
    }
  }
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}
