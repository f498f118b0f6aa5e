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
  /** Restores the stored session, registers the refresher and both sign-outs in the store, schedules the refresh. Idempotent. */
  startSession: () => Promise<void>;
  /** 'Ausloggen': ends this device's session at the identity service (RevokeToken, then local sign-out) and clears the store. Never rejects. */
  signOut: () => Promise<void>;
}

/** Every exposed module's default export is a component; its root element carries `data-mf-build`. */
export const MF_BUILD_ATTRIBUTE = 'data-mf-build';

/**
 * The exposed module the host's router renders on a path, for the server's preload hints in the
 * page (so the browser fetches the route's remote with the page, not after the app has started).
 * Only routes whose module does not depend on the session: the guest-only account screens are
 * mf-auth for nearly every visitor; member-only ones are left out (a visitor is sent to /login).
 * Matching ignores case, as the router's does.
 */
export function remoteModuleOfPath(pathname: string): { remote: string; module: string } | null {
  if (/^\/challenge(?:\/[^/]+){0,2}\/?$/i.test(pathname)) return remoteModules.challenges;
  if (/^\/tabelle(?:\/[^/]+)?\/?$/i.test(pathname)) return remoteModules.standings;
  if (/^\/club\/[^/]+\/?$/i.test(pathname)) return remoteModules.club;
  if (/^\/(?:login|registration|confirmation|restore-password|change-password)\/?$/i.test(pathname)) return remoteModules.auth;
  return null;
}

interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * A remote's `remoteEntry.js` and the exposed module's own JavaScript files, as absolute URLs, from
 * its `mf-manifest.json` (read from `manifestUrl`). Throws when the manifest names no entry.
 */
export function remoteFilesOfManifest(manifest: unknown, manifestUrl: URL, exposed: string): { entry: string; files: string[] } {
  const { metaData, exposes } = (manifest ?? {}) as RemoteManifest;
  const remoteEntry = metaData?.remoteEntry;
  if (!remoteEntry?.name) throw new Error(`${manifestUrl.href}: no remoteEntry`);
  // publicPath 'auto': the files lie next to the manifest.
  const publicPath = metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const dir = remoteEntry.path ? `${remoteEntry.path.replace(/^\/+|\/+$/g, '')}/` : '';
  const entry = new URL(`${dir}${remoteEntry.name}`, base).href;
  const wanted = `./${exposed.replace(/^\.\//, '')}`;
  const files = (exposes?.find((e) => e.path === wanted)?.assets?.js?.sync ?? []).map((file) => new URL(file, entry).href);
  return { entry, files };
}
