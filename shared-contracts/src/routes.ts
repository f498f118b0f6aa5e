/** Route registry (spec §2). Components build links with these, never with string literals. */
export const paths = {
  home: '/',
  challenges: '/challenge',
  challenge: (challengeId: string) => `/challenge/${encodeURIComponent(challengeId)}`,
  participation: (challengeId: string, participationId: string) =>
    `/challenge/${encodeURIComponent(challengeId)}/${encodeURIComponent(participationId)}`,
  login: '/login',
  registration: '/registration',
  confirmation: '/confirmation',
  restorePassword: '/restore-password',
  changePassword: '/change-password',
  profile: '/profil',
  delete: '/delete',
  deleteConfirmation: '/delete-confirmation',
  standings: '/tabelle',
  challengeStandings: (challengeId: string) => `/tabelle/${encodeURIComponent(challengeId)}`,
  /** The final overall table of a season that is not the current one (issue 26): `/tabelle?saison=2026`. */
  seasonStandings: (year: number) => `/tabelle?saison=${encodeURIComponent(String(year))}`,
  club: (clubId: string) => `/club/${encodeURIComponent(clubId)}`,
  terms: '/terms',
  dataProtection: '/dataProtection',
  dataProtectionAlias: '/dataprotection',
  imprint: '/imprint',
  notFound: '/not-found',
} as const;

/** Route patterns as the routers declare them. */
export const routePatterns = {
  challengesRoot: '/challenge/*',
  standingsRoot: '/tabelle/*',
  club: '/club/:clubId',
} as const;

export type LegalDisplay = 'terms' | 'dataProtection' | 'imprint';

/** Routes only for visitors: a logged-in user is sent to /profil (spec §2 route guards). */
export const guestOnlyPaths: readonly string[] = [
  paths.login,
  paths.registration,
  paths.confirmation,
  paths.restorePassword,
  paths.changePassword,
  paths.deleteConfirmation,
];

/** Routes only for logged-in users: a visitor is sent to /login. */
export const memberOnlyPaths: readonly string[] = [paths.profile, paths.delete];

/**
 * The legal pages. They stay readable without the age consent and behind a 'Nein' (the Impressum
 * must be reachable from every page, the privacy notice before any data is taken): the age gate
 * does not cover them.
 */
export const legalPathPattern = /^\/(terms|dataProtection|dataprotection|imprint)\/?$/;

export function isLegalPath(pathname: string): boolean {
  return legalPathPattern.test(pathname);
}

/**
 * Every app route of spec §2 as a regular expression over the pathname. The server answers these
 * with the app and HTTP 200; anything else (and /not-found) gets the app's 404 screen with HTTP 404.
 */
export const appRouteMatchers: readonly RegExp[] = [
  /^\/$/,
  /^\/challenge\/?$/,
  /^\/challenge\/[^/]+\/?$/,
  /^\/challenge\/[^/]+\/[^/]+\/?$/,
  /^\/(login|registration|confirmation|restore-password|change-password|profil|delete|delete-confirmation)\/?$/,
  /^\/tabelle\/?$/,
  /^\/tabelle\/[^/]+\/?$/,
  /^\/club\/[^/]+\/?$/,
  legalPathPattern,
];

export function isAppRoute(pathname: string): boolean {
  return appRouteMatchers.some((re) => re.test(pathname));
}
