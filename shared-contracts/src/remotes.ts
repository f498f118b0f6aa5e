/**
 * What each remote exposes and the props the host passes: the contract between the host's
 * router and the remotes (a remote never imports the host or another remote).
 */
export const remoteModules = {
  auth: { remote: 'mf_auth', module: './AuthApp' },
  /** Not a screen: the sign-in core the host loads at start when a session is stored, and on 'Ausloggen'. */
  authSession: { remote: 'mf_auth', module: './session' },
  profile: { remote: 'mf_profile', module: './ProfileApp' },
  challenges: { remote: 'mf_challenges', module: './ChallengesApp' },
  standings: { remote: 'mf_standings', module: './StandingsApp' },
  club: { remote: 'mf_standings', module: './ClubPage' },
} as const;

export type AuthScreen = 'login' | 'registration' | 'confirmation' | 'restore-password' | 'change-password';
export type ProfileScreen = 'profile' | 'delete' | 'delete-confirmation';

export interface AuthAppProps {
  screen: AuthScreen;
}

export interface ProfileAppProps {
  screen: ProfileScreen;
}

/**
 * `mf_auth/session`: the part of mf-auth that owns the identity session, without any screen.
 * The host loads it lazily (never on a visitor's first page) so sessions are refreshed and can be
 * ended while no mf-auth screen is open.
 */
export interface AuthSessionModule {
  /** Restores the stored session, registers the refresher and the sign-out in the store, schedules the refresh. Idempotent. */
  startSession: () => Promise<void>;
  /** Ends the session at the identity service (GlobalSignOut, then local sign-out) and clears the store. Never rejects. */
  signOut: () => Promise<void>;
}

/** Every exposed module's default export is a component; its root element carries `data-mf-build`. */
export const MF_BUILD_ATTRIBUTE = 'data-mf-build';
