/**
 * The API's paths that are not in the contracts' browser entry (`@erd/shared-contracts`): plain
 * values without zod, so a remote imports just the paths it calls (`@erd/shared-contracts/api-paths`,
 * bundled by each remote, unused ones shaken out) and the server registers its routes with the same
 * ones (`@erd/shared-contracts/schemas` re-exports them). Every path the browser calls comes from a
 * registry: these, or the `…Paths` objects of the browser entry; `schemas/api-registry.ts` lists them
 * all, and the server's contract test (`server/src/http/api-contract.test.ts`) checks that each one
 * is a route of the server and that each route of the server is in one.
 */

export const seasonAdminPaths = {
  /** GET: every season (newest first, `AdminSeasonListDto`); POST (admin): a new one, empty or a copy (`SeasonCreateInput` → 201 `AdminSeasonDto`). */
  seasons: '/api/operator/seasons',
  /** GET: one season with its challenges (withdrawn ones too), `AdminSeasonDto`. */
  season: (yearId: string) => `/api/operator/seasons/${encodeURIComponent(yearId)}`,
  /** PUT (admin): the season the public site shows (`SeasonSwitchInput` → `AdminSeasonListDto`). */
  current: '/api/operator/seasons/current',
  /** POST (admin): a new challenge in the season (`SeasonChallengeCreateInput` → 201 `SeasonChallengeCreatedDto`). */
  challenges: (yearId: string) => `/api/operator/seasons/${encodeURIComponent(yearId)}/challenges`,
  /** PUT (admin): the challenges' order (`SeasonChallengeOrderInput` → `AdminSeasonDto`). */
  order: (yearId: string) => `/api/operator/seasons/${encodeURIComponent(yearId)}/order`,
  /** POST (admin): a copy of the challenge in its season, placed after it (no entries, votes or results) → 201 `SeasonChallengeCreatedDto`. */
  duplicate: (challengeId: string) => `/api/operator/season-challenges/${encodeURIComponent(challengeId)}/duplicate`,
  /** DELETE (admin): removes a challenge that has no entry (`SeasonChallengeRemoveInput` as the body) → `AdminSeasonDto`. */
  challenge: (challengeId: string) => `/api/operator/season-challenges/${encodeURIComponent(challengeId)}`,
  /** POST (admin): takes a challenge out of the public season (`SeasonChallengeWithdrawInput` → `AdminSeasonDto`); its entries stay in the records. */
  withdraw: (challengeId: string) => `/api/operator/season-challenges/${encodeURIComponent(challengeId)}/withdraw`,
  /** POST (admin): puts a withdrawn challenge back (`SeasonReasonInput` → `AdminSeasonDto`). */
  restore: (challengeId: string) => `/api/operator/season-challenges/${encodeURIComponent(challengeId)}/restore`,
  /** PUT (operator) / DELETE: the public pages of a season shown to this operator's browser as 'Vorschau' (`SeasonPreviewInput`). */
  preview: '/api/operator/seasons/preview',
} as const;

export const publicSeasonPaths = {
  /** GET: the current season, the archived ones with their challenges, and the next one's start. */
  seasons: '/api/public/seasons',
  /** GET: a club's results in the ended seasons (newest first): place, points and its row of every challenge table. */
  clubSeasons: (clubId: string) => `/api/public/clubs/${encodeURIComponent(clubId)}/seasons`,
} as const;

export const CLUB_FANS_SIGNUP_PATH = '/api/public/club-fans';
/** The signed-in member's club: `{ confirmed }`, never cached. */
export const MY_FANS_PATH = '/api/me/fans';
/** Back office (admins): the clubs with confirmed fans, and the export (one club or all; audited). */
export const clubFansAdminPaths = {
  clubs: '/api/operator/club-fans/clubs',
  csv: '/api/operator/club-fans/fans.csv',
} as const;

export const entryNeighboursPath = (challengeId: string, participationId: string) =>
  `/api/entry-neighbours/${encodeURIComponent(challengeId)}/${encodeURIComponent(participationId)}`;

export const operatorMessagePaths = {
  messages: '/api/operator/messages',
  message: (id: string) => `/api/operator/messages/${encodeURIComponent(id)}`,
  preview: (id: string) => `/api/operator/messages/${encodeURIComponent(id)}/preview`,
  test: (id: string) => `/api/operator/messages/${encodeURIComponent(id)}/test`,
  send: (id: string) => `/api/operator/messages/${encodeURIComponent(id)}/send`,
  /** The live count of the compose form: how many accounts a filter matches now. */
  recipients: '/api/operator/messages/recipients',
} as const;

/** Where the list is served (GET, member). */
export const MY_ENTRIES_PATH = '/api/me/participations';

/** Where the switches are read and written (GET and PUT, member). */
export const NOTIFICATION_SETTINGS_PATH = '/api/me/notifications';

/** The registration form's club checks (public): whether a club still has room, and a request for a club that is missing. */
export const clubRegistrationPaths = {
  /** GET → `ClubAvailabilityDto`. */
  availability: (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}/availability`,
  /** POST `ClubRequestInput` → `ClubRequestResultDto`. */
  requests: '/api/club-requests',
} as const;

/**
 * The public double opt-in and unsubscribe endpoints: the newsletter's sign-up (the runtime
 * configuration's `newsletterUrl`), and the links in the mails that answer German pages.
 */
export const publicMailPaths = {
  newsletter: '/api/public/newsletter',
  newsletterConfirm: '/api/public/newsletter/confirm',
  newsletterUnsubscribe: '/api/public/newsletter/unsubscribe',
  clubFansConfirm: '/api/public/club-fans/confirm',
  clubFansUnsubscribe: '/api/public/club-fans/unsubscribe',
  notificationsUnsubscribe: '/api/public/notifications/unsubscribe',
} as const;
