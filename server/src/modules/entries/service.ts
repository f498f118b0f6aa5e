import { randomBytes } from 'node:crypto';
import {
  berlinToday,
  challengeTimeState,
  isSubmissionOpen,
  isVoteChallenge,
  PICTURE_CONTENT_TYPES,
  SLOGAN_MAX_LENGTH,
  type ChallengeDto,
  type MyParticipationDto,
  type OwnEntryAnswerDto,
  type OwnEntryState,
  type ParticipationDto,
  type PresignedPostDto,
  type RejectedEntryDto,
  type SavedParticipationDto,
} from '@erd/shared-contracts/wire';
import {
  entryErrorCodeSchema,
  ESTIMATE_INPUT_MESSAGE,
  PRESIGNED_POST_MESSAGES,
  type ParticipationInputBody,
  type PresignedPostInputValues,
} from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import type { ClubRow, ParticipationRow } from '../../db/schema/index.js';
import { CodedError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { isPlainText } from '../../lib/text.js';
import { toChallengeDto, toParticipationDto } from '../content/mappers.js';
import { findChallenge } from '../content/service.js';
import { notifyEntryReceived } from '../notifications/triggers/entries.js';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/service.js';
import { consumeUpload, issueUpload, readyUpload } from '../uploads/service.js';
import * as repo from './repository.js';

/**
 * The clubs' own entries (spec §4 Entries, §5, §7; decisions §4). A logged-in member acts for the
 * club of their profile. By challenge type exactly one kind of entry:
 * - estimate / goals: `{ estimate }`, a whole number of 1 to 9 digits (a number, or a text as Germans
 *   write it: '4.500', '4 500'; issue 24), while the challenge runs; saved at once and changeable
 *   until the end (one row per club, upserted). Never public.
 * - text vote: `{ slogan }`, 1–200 characters after trimming, plain text stored as sent, during
 *   the submission window, once.
 * - picture vote: `{ picture }`, the key of a processed upload of this club, during the submission
 *   window, once.
 * Slogans and pictures start unpublished until an operator publishes them; a rejected one is
 * deleted and the club may submit again. Estimates need no moderation: they are stored as accepted
 * (`published`), which never makes them public (the content API does not serve estimates).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'uploads' | 'pictures' | 'log' | 'jobs'>;

const MESSAGES = {
  noClub: 'Zu diesem Konto gehört kein Verein.',
  challengeNotFound: 'Diese Challenge gibt es nicht.',
  closed: 'Für diese Challenge kann gerade nichts eingereicht werden.',
  already: 'Dein Verein hat bei dieser Challenge schon teilgenommen.',
  wrongKind: 'Diese Art der Teilnahme passt nicht zur Challenge.',
  oneField: 'Erwartet wird genau eines der Felder estimate, slogan oder picture.',
  estimate: ESTIMATE_INPUT_MESSAGE,
  sloganRequired: 'Gib einen Spruch ein',
  sloganTooLong: `Der Spruch darf maximal ${SLOGAN_MAX_LENGTH} Zeichen lang sein`,
  sloganCharacters: 'Der Spruch enthält unzulässige Zeichen.',
  picture: 'Wähle zuerst ein Bild aus',
  contentType: PRESIGNED_POST_MESSAGES.contentType,
} as const;

type EntryKind = 'estimate' | 'slogan' | 'picture';

export type EntryInput = { estimate: number } | { slogan: string } | { picture: string };

function kindOf(challenge: ChallengeDto): EntryKind {
  switch (challenge.sys.objectTypeId) {
    case 'bfv-erd-estimate':
    case 'bfv-erd-goals':
      return 'estimate';
    case 'bfv-erd-text-vote':
      return 'slogan';
    case 'bfv-erd-picture-vote':
      return 'picture';
  }
}

const PARTICIPATION_TYPE = {
  estimate: 'bfv-erd-estimate-participation',
  slogan: 'bfv-erd-text-participation',
  picture: 'bfv-erd-picture-participation',
} as const;

/**
 * The one field of a PUT body (its shape and the estimate's number checked by the route's schema,
 * `participationInputSchema`); the slogan checked like the form does (spec §5) and stricter.
 */
export function entryOf(body: ParticipationInputBody): EntryInput {
  if (body.estimate !== undefined) return { estimate: body.estimate };
  if (body.slogan !== undefined) {
    const slogan = body.slogan.trim();
    if (!slogan) throw new ValidationError(MESSAGES.sloganRequired, { field: 'slogan' });
    if (slogan.length > SLOGAN_MAX_LENGTH) throw new ValidationError(MESSAGES.sloganTooLong, { field: 'slogan' });
    if (!isPlainText(slogan)) throw new ValidationError(MESSAGES.sloganCharacters, { field: 'slogan' });
    return { slogan };
  }
  if (body.picture !== undefined) return { picture: body.picture };
  throw new ValidationError(MESSAGES.oneField);
}

async function memberClub(ctx: Ctx, sub: string): Promise<ClubRow> {
  const club = await repo.findClubOfAccount(ctx.db, sub);
  if (!club) throw new ForbiddenError(MESSAGES.noClub);
  return club;
}

async function challengeOf(ctx: Ctx, challengeId: string): Promise<ChallengeDto> {
  const row = await findChallenge(ctx.db, challengeId);
  if (!row) throw new NotFoundError(MESSAGES.challengeNotFound);
  return toChallengeDto(row);
}

/** Whether entries of this kind can be made or changed today (Europe/Berlin). */
function isOpenForEntries(ctx: Ctx, challenge: ChallengeDto): boolean {
  const today = berlinToday(ctx.now());
  if (isVoteChallenge(challenge)) return isSubmissionOpen(challenge, today);
  return challengeTimeState(challenge, today) === 'ongoing';
}

const codes = entryErrorCodeSchema.enum;
const closedError = () => new CodedError(403, codes.SubmissionClosed, MESSAGES.closed);
const alreadyError = () => new CodedError(409, codes.AlreadySubmitted, MESSAGES.already);

type OwnParticipationDto = ParticipationDto & { state: OwnEntryState };

/** The club's entry as its members see it: published or not (`state`), with the own estimate. */
export function toOwnParticipationDto(row: ParticipationRow, spaceId: string, club: ClubRow | null): OwnParticipationDto {
  const dto = toParticipationDto(row, spaceId, club);
  if (row.estimate !== null) dto.fields.estimate = row.estimate;
  return { ...dto, state: row.state === 'published' ? 'published' : 'pending' };
}

/** The club's last rejection in the challenge as the member may see it (the operator's reason, a slogan as sent). */
async function rejectionOf(ctx: Ctx, challenge: ChallengeDto, clubId: string): Promise<RejectedEntryDto | null> {
  if (!isVoteChallenge(challenge)) return null;
  const row = await repo.lastRejection(ctx.db, challenge.sys.id, clubId);
  if (!row) return null;
  const entry = (row.details.entry ?? {}) as { slogan?: unknown };
  return {
    state: 'rejected',
    challengeId: challenge.sys.id,
    objectTypeId: challenge.sys.objectTypeId === 'bfv-erd-picture-vote' ? 'bfv-erd-picture-participation' : 'bfv-erd-text-participation',
    reason: row.reason?.trim() || null,
    rejectedAt: row.at.toISOString(),
    withdrawn: row.details.withdrawn === true,
    ...(typeof entry.slogan === 'string' ? { slogan: entry.slogan } : {}),
  };
}

const newId = () => `p-${randomBytes(10).toString('hex')}`;

/**
 * GET /api/challenge/particpation/{challengeId}: the club's own entry with its `state`, or null.
 * Votes an operator removed from it (the back office's vote review) are there as `removedVotes`:
 * how many and why, never who voted. With `withRejection` (`?include=rejection`, issue 24) a club
 * without an entry gets its last rejection instead of null, with the operator's reason.
 */
export async function getOwnParticipation({
  ctx,
  input,
}: ServiceCall<Ctx, { sub: string; challengeId: string; withRejection?: boolean }>): Promise<OwnEntryAnswerDto> {
  const club = await memberClub(ctx, input.sub);
  const challenge = await challengeOf(ctx, input.challengeId);
  const row = await repo.findEntry(ctx.db, input.challengeId, club.id);
  if (!row) return input.withRejection ? rejectionOf(ctx, challenge, club.id) : null;
  const dto: NonNullable<MyParticipationDto> = toOwnParticipationDto(row, ctx.config.spaceId, club);
  const removed = row.objectTypeId === 'bfv-erd-estimate-participation' ? [] : await repo.removedVotesOf(ctx.db, row.id);
  if (removed.length) {
    dto.removedVotes = {
      count: removed.reduce((sum, r) => sum + r.count, 0),
      reasons: removed.map((r) => ({ reason: r.reason ?? '', count: r.count })),
    };
  }
  return dto;
}

/** PUT /api/challenge/particpation/{challengeId}: see the module comment. */
export async function saveParticipation({
  ctx,
  input,
}: ServiceCall<Ctx, { sub: string; challengeId: string; body: ParticipationInputBody }>): Promise<
  SavedParticipationDto & { state: OwnEntryState }
> {
  const club = await memberClub(ctx, input.sub);
  const challenge = await challengeOf(ctx, input.challengeId);
  const entry = entryOf(input.body);
  const kind = kindOf(challenge);
  if (!(kind in entry)) throw new ValidationError(MESSAGES.wrongKind, { expected: kind });
  if (!isOpenForEntries(ctx, challenge)) throw closedError();

  const now = ctx.now();
  const base = {
    challengeId: challenge.sys.id,
    clubId: club.id,
    objectTypeId: PARTICIPATION_TYPE[kind],
    createdAt: now,
    updatedAt: now,
  };
  let saved: ParticipationRow | undefined;
  // The 'received' mail is queued with the entry (issue 25); a changed estimate keeps its id: no second mail.
  if ('estimate' in entry) {
    saved = await ctx.db.transaction(async (tx) => {
      const row = await repo.upsertEstimate(
        tx,
        { ...base, id: newId(), estimate: entry.estimate, state: 'published', publishedAt: now },
        now,
      );
      await notifyEntryReceived(ctx, tx, row);
      return row;
    });
  } else if ('slogan' in entry) {
    saved = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertEntryOnce(tx, { ...base, id: newId(), slogan: entry.slogan, state: 'pending' });
      if (row) await notifyEntryReceived(ctx, tx, row);
      return row;
    });
    if (!saved) throw alreadyError();
  } else {
    if (await repo.findEntry(ctx.db, challenge.sys.id, club.id)) throw alreadyError();
    const upload = await readyUpload({ ctx, input: { key: entry.picture, clubId: club.id, challengeId: challenge.sys.id } }).catch(
      async (error: unknown) => {
        // A parallel save of the same club may have used the key a moment ago: that is a second entry.
        throw (await repo.findEntry(ctx.db, challenge.sys.id, club.id)) ? alreadyError() : error;
      },
    );
    saved = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertEntryOnce(tx, { ...base, id: newId(), image: upload.image, state: 'pending' });
      if (!row) throw alreadyError();
      if (!(await consumeUpload({ db: tx }, upload.key, row.id))) {
        throw new ValidationError('Dieses Bild wurde schon für eine Teilnahme verwendet.', { field: 'picture' });
      }
      await notifyEntryReceived(ctx, tx, row);
      return row;
    });
  }
  ctx.log.info({ participation: saved.id, challenge: challenge.sys.id, club: club.id, kind }, 'entry saved');
  return toOwnParticipationDto(saved, ctx.config.spaceId, club);
}

/** POST …/createpresignedpost: an upload for the club's picture in a picture challenge's submission window. */
export async function createPresignedPost({
  ctx,
  input,
}: {
  ctx: Ctx;
  /** `body` as its schema gives it: the name trimmed, the content type lowercased ('' when unknown). */
  input: { sub: string; challengeId: string; body: PresignedPostInputValues; ip: string };
}): Promise<PresignedPostDto> {
  const club = await memberClub(ctx, input.sub);
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.upload, subject: input.ip } }))) {
    throw new CodedError(429, codes.LimitExceeded, 'Zu viele Uploads von dieser Verbindung. Bitte versuche es später erneut.');
  }
  const challenge = await challengeOf(ctx, input.challengeId);
  const { name, contentType } = input.body;
  // '' = the extension was unknown (spec §5): the content decides after the upload.
  if (contentType && !Object.values(PICTURE_CONTENT_TYPES).includes(contentType)) {
    throw new CodedError(415, codes.UnsupportedImage, MESSAGES.contentType);
  }
  if (kindOf(challenge) !== 'picture') throw new ValidationError(MESSAGES.wrongKind, { expected: kindOf(challenge) });
  if (!isOpenForEntries(ctx, challenge)) throw closedError();
  if (await repo.findEntry(ctx.db, challenge.sys.id, club.id)) throw alreadyError();
  return issueUpload({ ctx, input: { clubId: club.id, challengeId: challenge.sys.id, sub: input.sub, name, contentType } });
}

/** The club of a member's account, for other modules (votes, reach). */
export { findClubOfAccount } from './repository.js';
