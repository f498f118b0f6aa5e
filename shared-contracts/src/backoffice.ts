/**
 * The back office (issue 8): its remote and its routes, agreed between the host's back-office page,
 * the `mf-backoffice` remote and the server.
 *
 * `@erd/shared-contracts/backoffice` is an entry of its own, kept out of the browser entry (`.`)
 * and not a shared singleton (plain constants, no state): the contracts' browser entry is part of
 * every public page's first load, and nothing of the back office belongs there. The server imports
 * it from `dist/` like `./wire`.
 */

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
  accounts: '/backoffice/konten',
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

export const newsletterAdminPaths = {
  subscribers: '/api/operator/newsletter/subscribers',
  subscribersCsv: '/api/operator/newsletter/subscribers.csv',
  consentLog: '/api/operator/newsletter/consent-log',
  unsubscribe: (id: number) => `/api/operator/newsletter/subscribers/${id}/unsubscribe`,
} as const;

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatusDto = (typeof NEWSLETTER_STATUSES)[number];

/** GET subscribers: `query` is part of the address (case-insensitive); `status` defaults to `confirmed`; `from` from 0, `size` 1–100 (default 25). */
export interface NewsletterSubscriberQuery {
  query?: string;
  status?: NewsletterStatusDto;
  from?: number;
  size?: number;
}

export interface NewsletterSubscriberDto {
  id: number;
  email: string;
  status: NewsletterStatusDto;
  consentTextVersion: string;
  consentedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface NewsletterSubscriberPageDto {
  items: NewsletterSubscriberDto[];
  total: number;
  from: number;
  size: number;
}

export interface NewsletterConsentRecordDto {
  at: string;
  action: 'signup' | 'resend' | 'confirm' | 'unsubscribe';
  textVersion: string;
  /** The HMAC of the IP address; never the address itself (null for operator actions). */
  ipHash: string | null;
}

export interface NewsletterConsentLogDto {
  email: string;
  items: NewsletterConsentRecordDto[];
}

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

/** GET accounts: `query` is the start of the e-mail address, or part of the club's name, or its number; `from` from 0, `size` 1–100 (default 25). */
export interface AccountAdminQuery {
  query?: string;
  from?: number;
  size?: number;
}

export interface AccountAdminDto {
  sub: string;
  email: string;
  club: { id: string; clubnumber: string; clubname: string; team: 'm' | 'w' } | null;
  state: 'UNCONFIRMED' | 'CONFIRMED';
  createdAt: string;
  confirmedAt: string | null;
  blocked: boolean;
  blockedAt: string | null;
  /** The admin's reason for the block (also in the audit log). */
  blockedReason: string | null;
}

export interface AccountAdminPageDto {
  items: AccountAdminDto[];
  total: number;
  from: number;
  size: number;
}

/** Body of block, unblock and delete: the reason (3–500 characters), kept in the audit log. */
export interface AccountReasonInput {
  reason: string;
}
