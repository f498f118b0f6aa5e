import { votesAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  removeEntryVotesInputSchema,
  removeEntryVotesResultSchema,
  VOTE_REVIEW_MESSAGES,
  voteEntryDetailSchema,
  voteEntryPageSchema,
  voteEntryQuerySchema,
  voteRecordPageSchema,
  voteRecordQuerySchema,
  voteReviewParamsSchema,
} from '@erd/shared-contracts/schemas';
import { NotFoundError } from '../../errors.js';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import { getVoteEntry, listEntryVotes, listVoteEntries, removeSelectedVotes, voteReviewAnswer } from './service.js';

/**
 * The vote review in the back office (`votesAdminPaths`): a scope of its own in the operator
 * API (modules/operators/scope.ts: access hook, `no-store`). Both roles read and remove (moderators moderate
 * votes). The contracts' zod schemas check every value (query values arrive as strings); a bad
 * one is a German 400 with its field, checked in the order of the fields, as before; an id that
 * cannot be an entry's is 404.
 */

const ENTRY = '/api/operator/vote-review/entries/:participationId';

const entryParams = answerInvalid(voteReviewParamsSchema, () => new NotFoundError(VOTE_REVIEW_MESSAGES.notFound));

export const votesAdminRoutes = operatorScope('back office: votes', (r, ctx) => {
  operatorRead(r, votesAdminPaths.entries, {
    access: 'operator',
    summary: 'Entries with their vote figures and flags, for vote review',
    querystring: answerInvalid(voteEntryQuerySchema, voteReviewAnswer),
    answer: voteEntryPageSchema,
    read: (input) => listVoteEntries({ ctx, input }),
  });

  operatorRoute(r, 'get', ENTRY, {
    access: 'operator',
    summary: 'One entry’s vote figures',
    params: entryParams,
    answer: voteEntryDetailSchema,
    handle: ({ params }) => getVoteEntry({ ctx, input: { participationId: params.participationId } }),
  });

  operatorRoute(r, 'get', `${ENTRY}/votes`, {
    access: 'operator',
    summary: 'An entry’s vote records, filtered and paged',
    params: entryParams,
    querystring: answerInvalid(voteRecordQuerySchema, voteReviewAnswer),
    answer: voteRecordPageSchema,
    handle: ({ params, query }) => listEntryVotes({ ctx, input: { participationId: params.participationId, query } }),
  });

  operatorRoute(r, 'post', `${ENTRY}/remove`, {
    access: 'operator',
    summary: 'Remove votes of an entry (by ids, by address or by minute; with a reason)',
    params: entryParams,
    body: answerInvalid(removeEntryVotesInputSchema, voteReviewAnswer),
    answer: removeEntryVotesResultSchema,
    bodyLimit: 64 * 1024,
    handle: ({ params, body }, request) =>
      removeSelectedVotes({ ctx, input: { participationId: params.participationId, ...body, actor: actorOf(request) } }),
  });
});
