/**
 * The back office (issue 8): its remote and its routes, agreed between the host's back-office page,
 * the `mf-backoffice` remote and the server.
 *
 * `@erd/shared-contracts/backoffice` is an entry of its own, kept out of the browser entry (`.`)
 * and not a shared singleton (plain constants, no state): the contracts' browser entry is part of
 * every public page's first load, and nothing of the back office belongs there. The server imports
 * it from `dist/` like `./wire`.
 */

import { SHARE_CHANNELS } from './share.js';
import type { z } from 'zod';
import type {
  newsletterAdminConsentLogSchema,
  newsletterAdminConsentRecordSchema,
  newsletterAdminSubscriberPageSchema,
  newsletterAdminSubscriberQuerySchema,
  newsletterAdminSubscriberSchema,
} from './schemas/newsletter-admin.js';

/** The back office's Module Federation container (workspace `mf-backoffice`). */
export const BACKOFFICE_REMOTE_NAME = 'mf_backoffice';
export type BackofficeRemoteName = typeof BACKOFFICE_REMOTE_NAME;

/** What the remote exposes; the host mounts it at `/backoffice/*` and passes no props. */
export const backofficeRemoteModule = { remote: BACKOFFICE_REMOTE_NAME, module: './BackofficeApp' } as const;

/** Route registry of the back office (screens build their links with these). */
export const backofficePaths = {
  root: '/backoffice',
  /** The landing route: the moderation queue. */
  moderation: '/backoffice',
  login: '/backoffice/anmeldung',
  newsletter: '/backoffice/newsletter',
  clubs: '/backoffice/vereine',
  clubsImport: '/backoffice/vereine/import',
  accounts: '/backoffice/konten',
  overview: '/backoffice/ueberblick',
  votes: '/backoffice/stimmen',
  /** What sharing brings (issue 23): previews, visits and votes per channel. */
  reach: '/backoffice/reichweite',
  challenges: '/backoffice/challenges',
  /** Every season, made, copied and switched by admins (issue 26); one season is `seasons/{yearId}`. */
  seasons: '/backoffice/saisons',
  results: '/backoffice/ergebnisse',
  content: '/backoffice/inhalte',
  audit: '/backoffice/protokoll',
  operators: '/backoffice/operatoren',
  /** The own password; an operator with an admin's start password sees nothing else (`mustChangePassword`). */
  password: '/backoffice/passwort',
} as const;

/** The host's route pattern for the back office. */
export const backofficeRoutePattern = '/backoffice/*';

/**
 * `/backoffice` and everything below it: the server answers these with the back-office page
 * (200, `X-Robots-Tag: noindex`), never with the public site.
 */
export function isBackofficeRoute(pathname: string): boolean {
  return /^\/backoffice(\/.*)?$/.test(pathname);
}

// ---------------------------------------------------------------------------------------------
// Newsletter administration (issue 8): both roles read, admins export and unsubscribe.

/** The reach figures' channels in the order screens and exports show them, with their German labels (issue 23). */
export const REACH_CHANNELS = [...SHARE_CHANNELS, 'direct'] as const;
export const REACH_CHANNEL_LABELS: Record<(typeof REACH_CHANNELS)[number], string> = {
  whatsapp: 'WhatsApp',
  qr: 'QR-Code',
  story: 'Story',
  copy: 'Link kopiert',
  share: 'Teilen',
  direct: 'Direkt',
};

export const newsletterAdminPaths = {
  subscribers: '/api/operator/newsletter/subscribers',
  subscribersCsv: '/api/operator/newsletter/subscribers.csv',
  consentLog: '/api/operator/newsletter/consent-log',
  unsubscribe: (id: number) => `/api/operator/newsletter/subscribers/${id}/unsubscribe`,
} as const;

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatusDto = (typeof NEWSLETTER_STATUSES)[number];

/** Orders of the subscriber list: by address, or by when consent was given or confirmed (`-` newest first). */
export const NEWSLETTER_SORTS = ['email', '-email', '-consented', 'consented', '-confirmed', 'confirmed'] as const;
export type NewsletterSortDto = (typeof NEWSLETTER_SORTS)[number];

/**
 * GET subscribers: `query` is part of the address (case-insensitive); `status` defaults to
 * `confirmed`; `from` from 0, `size` 1–100 (default 25; also as the strings of a URL); `sort`
 * default `email`.
 */
export type NewsletterSubscriberQuery = z.input<typeof newsletterAdminSubscriberQuerySchema>;

export type NewsletterSubscriberDto = z.infer<typeof newsletterAdminSubscriberSchema>;

export type NewsletterSubscriberPageDto = z.infer<typeof newsletterAdminSubscriberPageSchema>;

/** One consent record; `ipHash` is the HMAC of the IP address, never the address itself (null for operator actions). */
export type NewsletterConsentRecordDto = z.infer<typeof newsletterAdminConsentRecordSchema>;

export type NewsletterConsentLogDto = z.infer<typeof newsletterAdminConsentLogSchema>;

// ---------------------------------------------------------------------------------------------
// Clubs in the back office (issue 8): both roles read the list; admins import the clubs CSV (the
// season's clubs.csv format) with a preview first.

export const clubsAdminPaths = {
  clubs: '/api/operator/clubs',
  importPreview: '/api/operator/clubs/import/preview',
  importApply: '/api/operator/clubs/import/apply',
  /** POST multipart `file` (admins): one JPEG, PNG or WEBP (≤ 10 MB) → the club (`ClubAdminDto`) with its new logo. */
  logo: (id: string) => `/api/operator/clubs/${encodeURIComponent(id)}/logo`,
} as const;

export const CLUB_SORTS = ['name', '-name', 'number', '-number', 'updated', '-updated'] as const;
export type ClubSortDto = (typeof CLUB_SORTS)[number];

/**
 * The wire shapes are the schemas' types (`schemas/clubs-admin.ts`, the one source):
 * - `ClubAdminQuery` (GET clubs): `query` is part of the name or the club number; `from` from 0,
 *   `size` 1–100 (default 25); `sort` default `name`;
 * - `ClubAdminDto`, `ClubAdminPageDto` (the list's page);
 * - `ClubImportFieldsDto`: the fields of a club the CSV sets; `ClubImportBadRowDto`: a refused row,
 *   its file `line` (1 is the header) and the German `reason`;
 * - `ClubCsvEncodingDto`: the encoding the server read the file in: UTF-8 (with Excel's byte order
 *   mark or without) or Windows-1252 (German Excel's "CSV");
 * - `ClubImportPreviewDto` (POST import/preview, text/csv as the file's bytes, at most 2 MB): what
 *   applying the file would do; nothing is written. `removed`: clubs not in the file that would be
 *   deleted; `kept`: clubs not in the file that stay because they have an account or entries. Each
 *   list holds the first `CLUB_IMPORT_PREVIEW_LIST_MAX`; `totals` counts all. Apply with the same
 *   file and `previewHash`;
 * - `ClubImportResultDto` (POST import/apply).
 */
export type {
  ClubAdminDto,
  ClubAdminPageDto,
  ClubAdminQuery,
  ClubCsvEncodingDto,
  ClubImportBadRowDto,
  ClubImportFieldsDto,
  ClubImportPreviewDto,
  ClubImportResultDto,
} from './schemas/clubs-admin.js';

/** The preview's lists hold at most this many entries each (`totals` has the full counts). */
export const CLUB_IMPORT_PREVIEW_LIST_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Club accounts in the back office (issue 8): both roles read; admins resend the code, block,
// unblock and delete. Built-in identity service only: with IDENTITY_PROVIDER=cognito every call
// answers 501 `NotAvailableWithCognito` (German message).

export const accountsAdminPaths = {
  accounts: '/api/operator/accounts',
  account: (sub: string) => `/api/operator/accounts/${encodeURIComponent(sub)}`,
  resendCode: (sub: string) => `/api/operator/accounts/${encodeURIComponent(sub)}/resend-code`,
  block: (sub: string) => `/api/operator/accounts/${encodeURIComponent(sub)}/block`,
  unblock: (sub: string) => `/api/operator/accounts/${encodeURIComponent(sub)}/unblock`,
  delete: (sub: string) => `/api/operator/accounts/${encodeURIComponent(sub)}/delete`,
} as const;

/** Orders of the account list: by address, by registration (`-created`: newest first) or by club name. */
export const ACCOUNT_SORTS = ['email', '-email', '-created', 'created', 'club', '-club'] as const;
export type AccountSortDto = (typeof ACCOUNT_SORTS)[number];

/**
 * The wire shapes are the schemas' types (`schemas/accounts-admin.ts`, the one source):
 * `AccountAdminQuery` (GET accounts: `query` is the start of the e-mail address, or part of the
 * club's name, or its number; `from` from 0, `size` 1–100 (default 25); `sort` default `email`),
 * `AccountAdminDto` (`blockedReason`: the admin's reason for the block, also in the audit log),
 * `AccountAdminPageDto`, and `AccountReasonInput`, the body of block, unblock and delete: the
 * reason (3–500 characters), kept in the audit log.
 */
export type { AccountAdminDto, AccountAdminPageDto, AccountAdminQuery, AccountReasonInput } from './schemas/accounts-admin.js';

// ---------------------------------------------------------------------------------------------
// Seasons (issue 26): the values the back office's forms show and check, zod-free; the wire
// schemas (`./schemas/seasons.ts`) are built from them.

export const SEASON_STATES = ['draft', 'live', 'ended'] as const;

/** The back office's words for the states. */
export const SEASON_STATE_LABELS: Record<(typeof SEASON_STATES)[number], string> = { draft: 'Entwurf', live: 'live', ended: 'beendet' };

export const SEASON_YEAR_MIN = 2000;
export const SEASON_YEAR_MAX = 2100;
/** A copy's dates move by at most ten years. */
export const SEASON_OFFSET_MAX_DAYS = 3650;
/** A new challenge's headline: one line of 1 to 200 characters (trimmed). */
export const SEASON_CHALLENGE_HEADLINE_MAX_LENGTH = 200;

// Operators, roles and the audit log (kept out of `./wire`, which the public pages load).
export * from './operators.js';
export * from './votes-admin.js';
export * from './content-admin.js';
export * from './moderation-admin.js';
export * from './overview-admin.js';
export * from './challenges-admin.js';
// The rule of an operator's reason, zod-free: the forms check what the server's schemas check.
export * from './operator-reason.js';
// The character rules of every text the server takes (what the forms check beside the limits).
export { isPlainText, isSingleLine, textLength } from './text-rules.js';
