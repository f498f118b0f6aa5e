import {
  WERBERAT_CHECK_KEYS,
  type ModerationDecisionItemDto,
  type ModerationDecisionResultDto,
  type ModerationHistoryItemDto,
  type ModerationLookupDto,
  type WerberatCheckKey,
  type WerberatChecklistDto,
} from '@erd/shared-contracts/backoffice';
import {
  MODERATION_MESSAGES,
  moderationDecisionInputSchema,
  werberatChecklistSchema,
  type ModerationDecisionInputValues,
} from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { OperatorParticipationDto } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import type { ModerationLogRow } from '../../db/schema/index.js';
import { retryOnConflict } from '../../db/retry.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { checkedOrAnswer } from '../../http/zod.js';
import { actorFields, appendEntryAudit, type Actor } from '../audit/service.js';
import { notifyEntryPublished, notifyEntryRejected } from '../notifications/triggers/entries.js';
import { removeFilesOfParticipation } from '../uploads/service.js';
import { announce, topics } from '../cache/changes.js';
import * as repo from './repository.js';
import { toOperatorParticipation } from './service.js';

/**
 * The back office's moderation decisions (issue 8; contracts in `moderation-admin.ts`): one
 * decision with one Werberat checklist (and, to reject, one reason) for one or several pending
 * entries. Each entry is decided in a transaction of its own with its own audit row, and only
 * while it still waits (`… where state = 'pending'`): when two operators decide the same entry at
 * the same time, exactly one of them wins and the other is told it was already decided.
 *
 * The rule: publishing needs every point of the checklist confirmed; a rejection needs a reason
 * and stores the checklist as ticked (`failedChecks`: the points it breaks).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log' | 'uploads'> & Partial<Pick<AppContext, 'jobs'>>;

/** A stored checklist, read back (null when the row has none or it is not one). */
function storedChecklist(details: Record<string, unknown>): WerberatChecklistDto | null {
  const parsed = werberatChecklistSchema.safeParse(details.checklist);
  return parsed.success ? parsed.data : null;
}

const failedChecks = (checklist: WerberatChecklistDto): WerberatCheckKey[] => WERBERAT_CHECK_KEYS.filter((key) => !checklist[key]);

/** Where an entry that could not be decided stands: decided by someone else, or unknown. */
async function outcomeOfUndecided(db: Ctx['db'], id: string): Promise<ModerationDecisionItemDto> {
  const now = await repo.findEntry(db, id);
  if (now?.participation.state === 'published') return { id, outcome: 'already-decided', current: 'published' };
  if (now?.participation.state === 'pending') return { id, outcome: 'already-decided', current: 'pending' };
  const last = await repo.lastDecision(db, id);
  if (last) return { id, outcome: 'already-decided', current: last.action === 'reject' ? 'rejected' : 'published' };
  return { id, outcome: 'not-found' };
}

const M = MODERATION_MESSAGES;

/**
 * A refused decision: the first problem in the order the fields are decided (the body, an unknown
 * field, the decision, the ids, the checklist, the reason), with its German message and field.
 */
export function decisionAnswer(error: z.ZodError): ValidationError {
  const { issues } = error;
  const at = (field: string) => issues.find((issue) => issue.path[0] === field);
  if (issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')) return new ValidationError(M.body);
  const unknown = issues.find((issue) => issue.path.length === 0 && issue.code === 'unrecognized_keys');
  if (unknown?.code === 'unrecognized_keys') return new ValidationError(M.body, { field: unknown.keys[0] });
  if (at('decision')) return new ValidationError(M.decision, { field: 'decision' });
  if (at('ids')) return new ValidationError(M.ids, { field: 'ids' });
  const checklist = at('checklist');
  if (checklist)
    return new ValidationError(checklist.message === M.checklistIncomplete ? M.checklistIncomplete : M.checklist, { field: 'checklist' });
  return new ValidationError(at('reason')?.message ?? M.body, { field: 'reason' });
}

/**
 * A decision from a caller without the route's schema check (scripts, tests): the body checked by
 * the same schema and refused as the route refuses it, then `applyDecision`.
 */
export async function decideParticipations({
  ctx,
  input,
}: ServiceCall<Ctx, { body: z.input<typeof moderationDecisionInputSchema>; actor: Actor }>): Promise<ModerationDecisionResultDto> {
  const decision = checkedOrAnswer(moderationDecisionInputSchema, input.body, decisionAnswer);
  return applyDecision({ ctx, input: { decision, actor: input.actor } });
}

/** POST decisions: decides each entry on its own; answers per entry what happened. */
export async function applyDecision({
  ctx,
  input,
}: {
  ctx: Ctx;
  /** As `moderationDecisionInputSchema` gives it: 1–50 different ids, the checklist (complete to publish), the reason trimmed (required to reject or withdraw). */
  input: { decision: ModerationDecisionInputValues; actor: Actor };
}): Promise<ModerationDecisionResultDto> {
  const { decision } = input;
  const batch = decision.ids.length;
  const items: ModerationDecisionItemDto[] = [];
  for (const id of decision.ids) {
    let changedChallenge = null as string | null;
    // A rejection or withdrawal deletes the entry, then (the cascade) its votes: the lock order of
    // repository `lockEntries`; run again after a deadlock or serialization failure.
    const item = await retryOnConflict(() =>
      ctx.db.transaction(async (tx): Promise<ModerationDecisionItemDto> => {
        changedChallenge = null;
        const now = ctx.now();
        // The decision on this entry, as the audit log keeps it (with what the action needs to say).
        const audit = (action: 'publish' | 'reject', challengeId: string, details: Record<string, unknown>) =>
          appendEntryAudit(tx, {
            action,
            ...actorFields(input.actor),
            participationId: id,
            challengeId,
            reason: decision.reason,
            details,
            at: now,
          });
        if (decision.decision === 'publish') {
          const published = await repo.publishPendingEntry(tx, id, now);
          if (!published) return outcomeOfUndecided(tx, id);
          const { challengeId, clubId } = published;
          changedChallenge = challengeId;
          await audit('publish', challengeId, { challengeId, clubId, checklist: decision.checklist, batch });
          await notifyEntryPublished(ctx, tx, published);
          return { id, outcome: 'published' };
        }
        // A rejection takes a pending entry; a withdrawal a published one (its votes go with it).
        const withdraw = decision.decision === 'withdraw';
        const found = await repo.findEntry(tx, id);
        const deleted = found ? await (withdraw ? repo.deletePublishedEntry(tx, id) : repo.deletePendingEntry(tx, id)) : undefined;
        if (!found || !deleted) return outcomeOfUndecided(tx, id);
        changedChallenge = deleted.challengeId;
        await audit('reject', deleted.challengeId, {
          entry: toOperatorParticipation({ participation: deleted, club: found.club }),
          checklist: decision.checklist,
          failedChecks: failedChecks(decision.checklist),
          batch,
          ...(withdraw ? { withdrawn: true } : {}),
        });
        await notifyEntryRejected(ctx, tx, { ...deleted, reason: decision.reason, slogan: deleted.slogan, withdrawn: withdraw });
        return { id, outcome: withdraw ? 'withdrawn' : 'rejected' };
      }),
    );
    items.push(item);
    // The browse list shows (or no longer shows) it from now on (modules/cache).
    if (changedChallenge) await announce(ctx, [topics.entries(changedChallenge)]);
    if (item.outcome === 'rejected' || item.outcome === 'withdrawn') {
      await removeFilesOfParticipation({ ctx, input: { participationId: id } }).catch((error: unknown) =>
        ctx.log.warn({ err: error, participation: id }, 'could not remove the files of a rejected entry'),
      );
    }
  }
  const done = items.filter((item) => item.outcome === 'published' || item.outcome === 'rejected' || item.outcome === 'withdrawn').length;
  ctx.log.info({ decision: decision.decision, asked: batch, done, actor: input.actor.name }, 'moderation decision');
  return { decision: decision.decision, items, done };
}

function historyItem(row: ModerationLogRow): ModerationHistoryItemDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    reason: row.reason,
    checklist: storedChecklist(row.details),
  };
}

function isEntryCopy(value: unknown): value is OperatorParticipationDto {
  const entry = value as Partial<OperatorParticipationDto> | null;
  return (
    typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.club === 'object' && entry.club !== null
  );
}

/** GET entries/{id}: the entry in any state with its history; 404 when neither it nor the log knows the id. */
export async function lookupParticipation({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, { id: string }>): Promise<ModerationLookupDto> {
  const found = await repo.findEntry(ctx.db, input.id);
  const rows = await repo.entryHistory(ctx.db, input.id);
  const history = rows.map(historyItem);
  if (found) {
    const entry = toOperatorParticipation(found);
    return { id: input.id, state: entry.state, entry, history };
  }
  if (rows.length === 0) throw new NotFoundError(MODERATION_MESSAGES.notFound);
  const rejection = [...rows].reverse().find((row) => row.action === 'reject');
  const copy = rejection?.details.entry;
  return { id: input.id, state: rejection ? 'rejected' : 'unknown', entry: isEntryCopy(copy) ? copy : null, history };
}
