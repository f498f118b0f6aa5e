import { z } from 'zod';
import { OVERVIEW_MAX_DAYS } from '../overview-admin.js';
import { auditEntrySchema } from './audit.js';
import { count, isoDay, WIRE_ID_MAX_LENGTH, wireId } from './common.js';
import { challengeSchema, clubSchema, participationSchema, searchResultSchema, yearSchema } from './entities.js';

/**
 * The public content API (`{CONTENT_API_BASE}/public/spaces/{spaceId}/…`, spec §7), the runtime
 * configuration (`/config.json`), the health checks, the media files' names and the back office's
 * 'Überblick'. The content objects' answers are in `./entities.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Content API

/** A whole number in a query string (`?from=20`), within `min`–`max`. */
const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/** Levels of linked objects to resolve (participations: 1 resolves the club). */
const include = queryInt(0, 10).default(0);

export const contentSpaceIdSchema = z.string().min(1).max(100);

export const contentSpaceParamsSchema = z.strictObject({
  spaceId: contentSpaceIdSchema,
});
export type ContentSpaceParams = z.infer<typeof contentSpaceParamsSchema>;

/** GET …/objects/{id}: any public object by id (a club, a challenge, a year, a published entry). */
export const contentObjectParamsSchema = z.strictObject({
  spaceId: contentSpaceIdSchema,
  id: z.string().min(1).max(WIRE_ID_MAX_LENGTH),
});
export type ContentObjectParams = z.infer<typeof contentObjectParamsSchema>;

/** GET …/spacedata and …/objects/{id}: `?include=` (other parameters are ignored). */
export const contentIncludeQuerySchema = z.object({ include });

/** The browse list's orders: newest first, or most votes first. */
export const contentSearchSortSchema = z.enum(['-createdAt', '-fields.votes']);
export type ContentSearchSort = z.infer<typeof contentSearchSortSchema>;

/**
 * GET …/objects/search: the club catalogue (`objectTypeId=bfv-erd-club`, pages of at most 100) or a
 * challenge's published entries (`fields.challenge.id`, pages of at most 50, `objectTypeId` a
 * participation type or none). Anything else is 400 ValidationError (said by the service). Other
 * parameters are ignored.
 */
export const contentSearchQuerySchema = z.object({
  objectTypeId: z.string().max(100).optional(),
  locale: z.string().max(20).optional(),
  from: queryInt(0, 1_000_000).default(0),
  size: queryInt(1, 1000).optional(),
  include,
  sort: contentSearchSortSchema.default('-createdAt'),
  'fields.challenge.id': wireId.optional(),
});
export type ContentSearchQuery = z.infer<typeof contentSearchQuerySchema>;

/** GET …/objects/search answer: a page of clubs or of published entries. */
export const contentSearchResultSchema = searchResultSchema(z.union([clubSchema, participationSchema]));

/** GET …/objects/{id} answer. */
export const contentObjectSchema = z.union([clubSchema, challengeSchema, participationSchema, yearSchema]);

// ---------------------------------------------------------------------------------------------
// GET /config.json

export const remoteDescriptorSchema = z.object({
  /** Module Federation container name, e.g. `mf_challenges`. */
  name: z.string(),
  /** URL of the remote's `mf-manifest.json` (absolute or relative to the site). */
  entry: z.string(),
  /** Release id the entry points to (for diagnostics). */
  release: z.string().optional(),
});

/** GET /config.json: the runtime configuration the host reads at start (nothing of it is baked into a build). */
export const runtimeConfigSchema = z.object({
  productName: z.string(),
  publicUrl: z.string(),
  contentApi: z.object({ base: z.string(), spaceId: z.string() }),
  identity: z.object({
    region: z.string(),
    userPoolId: z.string(),
    clientId: z.string(),
    endpoint: z.string().optional(),
  }),
  remotes: z.array(remoteDescriptorSchema),
  newsletterUrl: z.string(),
  resultsBase: z.string(),
  serviceEmail: z.string(),
  social: z.object({
    facebook: z.string(),
    youtube: z.string(),
    tiktok: z.string(),
    instagram: z.string(),
  }),
  /**
   * The server's CLOCK_OFFSET_DAYS (0 but in a staging rehearsal): the pages add it to their own
   * clock for every phase decision (contracts `berlinToday`), so they show the server's day.
   * Identity keeps real time. Optional: a server from before the field sends none (= 0).
   */
  clockOffsetDays: z.number().int().optional(),
});

// ---------------------------------------------------------------------------------------------
// Health

/** GET /health, GET /healthz. */
export const healthOkSchema = z.object({ ok: z.boolean() });
export type HealthOkDto = z.infer<typeof healthOkSchema>;

/** GET /ready: what failed when not ready (503). */
export const healthReadySchema = z.object({
  ok: z.boolean(),
  database: z.boolean(),
  jobs: z.boolean(),
  closing: z.boolean(),
});
export type HealthReadyDto = z.infer<typeof healthReadySchema>;

// ---------------------------------------------------------------------------------------------
// Media files

/** GET /media/{name}, GET /media/uploads/{name}: a stored file's name (an unknown one is 404). */
export const mediaNameParamsSchema = z.strictObject({
  name: z.string().max(80),
});
export type MediaNameParams = z.infer<typeof mediaNameParamsSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/operator/overview (back office 'Überblick')

/** `?days=`: how many days the activity covers, 1–366 (30 when not given). */
export const overviewQuerySchema = z.strictObject({
  days: z.coerce
    .number<string | number>({ error: `eine ganze Zahl von 1 bis ${OVERVIEW_MAX_DAYS}.` })
    .int(`eine ganze Zahl von 1 bis ${OVERVIEW_MAX_DAYS}.`)
    .min(1, `eine ganze Zahl von 1 bis ${OVERVIEW_MAX_DAYS}.`)
    .max(OVERVIEW_MAX_DAYS, `eine ganze Zahl von 1 bis ${OVERVIEW_MAX_DAYS}.`)
    .optional(),
});

/** A challenge's phase today (Europe/Berlin; the public site's time states, decisions §4). */
export const overviewChallengePhaseSchema = z.enum(['before', 'submission', 'voting', 'ended']);

export const overviewChallengeSchema = z.object({
  id: z.string(),
  /** Its place in the season, from 1. */
  number: z.number().int(),
  headline: z.string(),
  type: z.string(),
  phase: overviewChallengePhaseSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** Entries of every state. */
  entries: count,
  /** Entries waiting for review. */
  pending: count,
});

/** One Europe/Berlin calendar day: the votes cast that day that still count, and the club accounts registered that day. */
export const overviewDaySchema = z.object({
  /** `YYYY-MM-DD` (Europe/Berlin). */
  day: isoDay,
  votes: count,
  registrations: count,
});

export const overviewSchema = z.object({
  /** Today in Europe/Berlin, `YYYY-MM-DD`. */
  today: isoDay,
  /** The current season's challenges in their order; empty when no season is set up. */
  challenges: z.array(overviewChallengeSchema),
  /** Entries waiting for review in the whole season. */
  pendingTotal: count,
  /** Oldest first, ending today; one row per day (days without any are 0). */
  days: z.array(overviewDaySchema),
  /** The newest audit entries, newest first. */
  audit: z.array(auditEntrySchema),
});
