/**
 * Sharing (issue 23), without zod (public pages import this through `wire`; the runtime schemas are
 * in `schemas/`). Share images and the poster are rendered by the server: PNG cards 1200×630 for
 * link previews (`og:image`), a story image 1080×1920 and an A4 poster (PDF, with a QR code to the
 * entry and `via=qr`). They live outside `/api/`: a CDN may keep them (ETag, `Cache-Control` public).
 * Links carry their channel as `?via=<channel>`, which the canonical URL drops.
 */

/** The channels a share link names (the share kit's buttons). */
export const SHARE_CHANNELS = ['whatsapp', 'qr', 'story', 'copy', 'share'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** The query parameter that carries the channel. */
export const SHARE_VIA_PARAM = 'via';

export function isShareChannel(value: unknown): value is ShareChannel {
  return typeof value === 'string' && (SHARE_CHANNELS as readonly string[]).includes(value);
}

export const SHARE_CARD = { width: 1200, height: 630 } as const;
export const SHARE_STORY = { width: 1080, height: 1920 } as const;

const seg = encodeURIComponent;
export const sharePaths = {
  entryCard: (challengeId: string, participationId: string) => `/share/entry/${seg(challengeId)}/${seg(participationId)}.png`,
  clubCard: (clubId: string) => `/share/club/${seg(clubId)}.png`,
  standingsCard: '/share/standings.png',
  /** The site's own card (home, overview, legal pages): the brand with the season's claim. */
  siteCard: '/share/site.png',
  challengeCard: (challengeId: string) => `/share/challenge/${seg(challengeId)}.png`,
  story: (challengeId: string, participationId: string) => `/share/story/${seg(challengeId)}/${seg(participationId)}.png`,
  poster: (challengeId: string, participationId: string) => `/share/poster/${seg(challengeId)}/${seg(participationId)}.pdf`,
} as const;

export const reachPaths = {
  visits: '/api/reach/visits',
  own: (challengeId: string) => `/api/reach/own/${seg(challengeId)}`,
  operator: '/api/operator/reach',
  operatorCsv: '/api/operator/reach.csv',
} as const;

/** `url` (absolute or a path) with `?via=<channel>` set (other parameters kept). */
export function withVia(url: string, channel: ShareChannel): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  const parsed = new URL(url, 'http://site.invalid');
  parsed.searchParams.set(SHARE_VIA_PARAM, channel);
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
