/**
 * The host's bridge to mf-auth's session module (`mf_auth/session`, the sign-in core without any
 * screen). Loaded lazily, and only when needed: at start when a session is stored (to refresh it
 * and to restore the library's state), and for 'Ausloggen'. A visitor's first page never loads
 * it, nor amazon-cognito-identity-js (the `/` JavaScript budget).
 */
import { remoteModules, sessionStore, type AuthSessionModule } from '@erd/shared-contracts';
import { loadRemoteModule } from './remotes/federation';

const loadSessionModule = () => loadRemoteModule<AuthSessionModule>(remoteModules.authSession.remote, remoteModules.authSession.module);

export function hasStoredSession(): boolean {
  const { status, tokens } = sessionStore.getState();
  return status === 'LOGGED_IN' && !!tokens;
}

/** At start: hands a stored session to mf-auth (refresher, refresh timer). Never rejects. */
export async function startStoredSession(): Promise<void> {
  if (!hasStoredSession()) return;
  try {
    await (await loadSessionModule()).startSession();
  } catch (error) {
    console.warn('the session module could not be started', error);
  }
}

/** 'Ausloggen': signs out at the identity service through mf-auth, then clears the store (also when mf-auth cannot be loaded). */
export async function signOut(): Promise<void> {
  try {
    await (await loadSessionModule()).signOut();
  } catch (error) {
    console.warn('sign-out through mf-auth failed; clearing the session locally', error);
  } finally {
    sessionStore.getState().clear();
  }
}
