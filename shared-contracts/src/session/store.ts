import { useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { storageKeys } from '../storage-keys.js';

/**
 * The one session store of the site. It lives in this shared package (a Module Federation
 * singleton), so the host and every remote read and write the same instance.
 * Persisted to session storage under `bfv-erd-session` (spec §4): it ends with the tab.
 */

export type SessionStatus = 'LOGGED_IN' | 'LOGIN_FAILED' | 'NEW_PASSWORD_REQUIRED' | 'CUSTOM_CHALLENGE';

/**
 * Decoded identity-token claims (Cognito-like). The member's club is not taken from here (a pool may
 * have no club attribute): see `useMemberClub`.
 */
export interface IdTokenClaims {
  sub: string;
  email: string;
  exp: number;
  iat: number;
  [claim: string]: unknown;
}

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Seconds the client clock is ahead of the issuer's (amazon-cognito-identity-js clockDrift). */
  clockDrift: number;
  idTokenExpiresAt: number;
  accessTokenExpiresAt: number;
}

export interface SessionData {
  status: SessionStatus | null;
  email: string | null;
  claims: IdTokenClaims | null;
  tokens: SessionTokens | null;
}

export interface SessionState extends SessionData {
  setSession: (session: SessionData) => void;
  setStatus: (status: SessionStatus, email?: string | null) => void;
  clear: () => void;
  /**
   * Registered by the part that owns sign-in (mf-auth): renews the tokens with the refresh token.
   * Resolves true when the session was renewed. Not persisted.
   */
  refresh: (() => Promise<boolean>) | null;
  setRefresher: (refresh: (() => Promise<boolean>) | null) => void;
  /**
   * Registered by mf-auth together with the refresher: ends the session at the identity service,
   * then clears the store (used by parts that cannot load mf-auth, e.g. the account deletion in
   * mf-profile). Null while mf-auth's session module is not running. Not persisted.
   */
  signOut: (() => Promise<void>) | null;
  setSignOut: (signOut: (() => Promise<void>) | null) => void;
  /**
   * Registered by mf-auth with the sign-out: ends every session of the account on every device
   * ('Überall abmelden' in the profile), then this one. Resolves false when the identity service did
   * not confirm it (this device stays signed in). Null while mf-auth's session module is not running.
   * Not persisted.
   */
  signOutEverywhere: (() => Promise<boolean>) | null;
  setSignOutEverywhere: (signOutEverywhere: (() => Promise<boolean>) | null) => void;
}

const emptySession: SessionData = { status: null, email: null, claims: null, tokens: null };

function browserSessionStorage(): Storage {
  if (typeof sessionStorage !== 'undefined') return sessionStorage;
  const memory = new Map<string, string>();
  return {
    get length() {
      return memory.size;
    },
    clear: () => memory.clear(),
    getItem: (key) => memory.get(key) ?? null,
    key: (index) => [...memory.keys()][index] ?? null,
    removeItem: (key) => void memory.delete(key),
    setItem: (key, value) => void memory.set(key, value),
  };
}

export const sessionStore = createStore<SessionState>()(
  persist(
    (set) => ({
      ...emptySession,
      setSession: (session) => set({ ...session }),
      setStatus: (status, email) => set((s) => ({ status, email: email ?? s.email })),
      clear: () => set({ ...emptySession }),
      refresh: null,
      setRefresher: (refresh) => set({ refresh }),
      signOut: null,
      setSignOut: (signOut) => set({ signOut }),
      signOutEverywhere: null,
      setSignOutEverywhere: (signOutEverywhere) => set({ signOutEverywhere }),
    }),
    {
      name: storageKeys.session,
      storage: createJSONStorage(browserSessionStorage),
      partialize: ({ status, email, claims, tokens }): SessionData => ({ status, email, claims, tokens }),
    },
  ),
);

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const selectIsLoggedIn = (state: SessionData): boolean => state.status === 'LOGGED_IN';

/** Spec §4: valid while the drift-adjusted now is before both token expirations (seconds). */
export function isSessionValid(state: SessionData, nowMs: number = Date.now()): boolean {
  if (state.status !== 'LOGGED_IN' || !state.tokens) return false;
  const now = Math.floor(nowMs / 1000) - state.tokens.clockDrift;
  return now < state.tokens.accessTokenExpiresAt && now < state.tokens.idTokenExpiresAt;
}
