import { z } from 'zod';
import { SHARE_CHANNELS } from '../share.js';
import { count, isoDay, wireId } from './common.js';

/**
 * Reach (issue 23): shared links, their previews and what they bring. Channels ride on links as
 * `?via=<channel>` (the canonical URL drops it); the server counts per Berlin day, target and
 * channel: crawler preview fetches, visits through a `via` link, and the votes that follow such a
 * visit in the same browser session (the channel kept in `sessionStorage`, sent with the vote). No
 * cookie, no personal data: aggregated counts only.
 */

export const shareChannelSchema = z.enum(SHARE_CHANNELS);

/** A channel as counted: a share channel, or `direct` for a crawler fetch of a link without `via`. */
export const reachChannelSchema = z.enum([...SHARE_CHANNELS, 'direct']);
export type ReachChannel = z.infer<typeof reachChannelSchema>;

/** What a shared link points at: an entry, or a club's page. */
export const reachTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('entry'), challengeId: wireId, participationId: wireId }),
  z.strictObject({ kind: z.literal('club'), clubId: wireId }),
]);
export type ReachTarget = z.infer<typeof reachTargetSchema>;

/** POST /api/reach/visits: a page was opened through a `via` link (sent once per page view, no cookie). 204. */
export const reachVisitInputSchema = z.strictObject({ target: reachTargetSchema, via: shareChannelSchema });
export type ReachVisitInput = z.infer<typeof reachVisitInputSchema>;

/** GET /api/reach/own/{challengeId} (member): what the club's shared links of its entry brought, all days. */
export const ownReachSchema = z.strictObject({ visits: count, votes: count });
export type OwnReachDto = z.infer<typeof ownReachSchema>;

/** GET /api/operator/reach (and `.csv`): filters; days inclusive, Europe/Berlin. */
export const reachQuerySchema = z.strictObject({
  challengeId: wireId.optional(),
  clubId: wireId.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type ReachQuery = z.infer<typeof reachQuerySchema>;

/** One counted day of one target and channel. `challengeId`/`participationId` are null for a club page. */
export const reachRowSchema = z.strictObject({
  day: isoDay,
  challengeId: z.string().nullable(),
  challengeTitle: z.string().nullable(),
  participationId: z.string().nullable(),
  clubId: z.string(),
  clubName: z.string(),
  team: z.string(),
  channel: reachChannelSchema,
  previews: count,
  visits: count,
  votes: count,
});
export type ReachRowDto = z.infer<typeof reachRowSchema>;

export const reachTotalsSchema = z.strictObject({ previews: count, visits: count, votes: count });

export const reachReportSchema = z.strictObject({
  rows: z.array(reachRowSchema),
  totals: reachTotalsSchema,
  /** Totals per channel, every channel present. */
  byChannel: z.array(z.strictObject({ channel: reachChannelSchema, previews: count, visits: count, votes: count })),
  /** True when more rows matched than the answer holds (the newest days come first; totals and byChannel cover all). */
  truncated: z.boolean(),
});
export type ReachReportDto = z.infer<typeof reachReportSchema>;
