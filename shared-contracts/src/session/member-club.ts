import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { apiPaths, type MeDto } from '../accounts.js';
import { isApiError } from '../api/errors.js';
import type { ClubDto } from '../entities.js';
import { sessionStore, useSession, type SessionData } from './store.js';

/**
 * The club entry of the signed-in member, as our API knows it (GET /api/me), whatever the identity
 * pool's attributes are: a Cognito pool without IDENTITY_CLUB_ATTRIBUTE issues tokens without a
 * club claim, and a custom attribute may be writable by the user, so the browser never takes the
 * club from the token (issue 22). One request per member and page load, shared by every part of
 * the site (this package is a Module Federation singleton): the header's club logo, the own-entry
 * check of an entry, the club page's 'Deine …'.
 */

export type MemberClubState =
  /** Not signed in. */
  | { status: 'none' }
  | { status: 'loading' }
  /** `clubId` null: the login has no profile (an identity user made outside the registration). */
  | { status: 'ready'; clubId: string | null; club: ClubDto | null }
  /** Not known (network, server error): asked again when the next part that needs it mounts. */
  | { status: 'failed' };

type Entry = { sub: string; state: Exclude<MemberClubState, { status: 'none' }> };

const memberClubStore = createStore<{ entry: Entry | null }>()(() => ({ entry: null }));
let pending: { sub: string; promise: Promise<void> } | null = null;

const signedInSub = (s: SessionData): string | null =>
  s.status === 'LOGGED_IN' && typeof s.claims?.sub === 'string' && s.claims.sub ? s.claims.sub : null;

function settle(sub: string, state: Entry['state']): void {
  // Signed out or another member meanwhile: the answer is not theirs.
  if (signedInSub(sessionStore.getState()) === sub) memberClubStore.setState({ entry: { sub, state } });
}

/** Asks GET /api/me for the member's club unless it is known or on its way. */
export function loadMemberClub(sub: string): Promise<void> {
  if (pending?.sub === sub) return pending.promise;
  const known = memberClubStore.getState().entry;
  if (known?.sub === sub && known.state.status === 'ready') return Promise.resolve();
  memberClubStore.setState({ entry: { sub, state: { status: 'loading' } } });
  const promise: Promise<void> = (async () => {
    await Promise.resolve(); // `pending` is set before anything below runs
    try {
      // Loaded on demand: axios stays out of the first page load of visitors.
      const { createHttpClient } = await import('@erd/shared-contracts/http');
      const me = (await createHttpClient({ authenticated: true }).get<MeDto>(apiPaths.me)).data;
      const clubId = typeof me?.fields?.club?.id === 'string' && me.fields.club.id ? me.fields.club.id : null;
      settle(sub, { status: 'ready', clubId, club: clubId && me.club?.sys?.id === clubId ? me.club : null });
    } catch (error) {
      settle(sub, isApiError(error) && error.status === 404 ? { status: 'ready', clubId: null, club: null } : { status: 'failed' });
    } finally {
      if (pending?.sub === sub) pending = null;
    }
  })();
  pending = { sub, promise };
  return promise;
}

/** The signed-in member's club (loaded on first use; a failed load is tried again on the next mount). */
export function useMemberClub(): MemberClubState {
  const sub = useSession(signedInSub);
  const entry = useStore(memberClubStore, (s) => s.entry);
  useEffect(() => {
    if (sub) void loadMemberClub(sub);
  }, [sub]);
  if (!sub) return { status: 'none' };
  return entry?.sub === sub ? entry.state : { status: 'loading' };
}

/** Tests only: forget what was loaded. */
export function resetMemberClubForTests(): void {
  pending = null;
  memberClubStore.setState({ entry: null });
}
