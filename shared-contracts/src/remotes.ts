/**
 * What each remote exposes and the props the host passes: the contract between the host's
 * router and the remotes (a remote never imports the host or another remote).
 */
export const remoteModules = {
  auth: { remote: 'mf_auth', module: './AuthApp' },
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

/** Every exposed module's default export is a component; its root element carries `data-mf-build`. */
export const MF_BUILD_ATTRIBUTE = 'data-mf-build';
