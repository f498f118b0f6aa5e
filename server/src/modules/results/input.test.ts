import { RESULT_INPUT_MESSAGES } from '@erd/shared-contracts/schemas';
import { ValidationError } from '../../errors.js';
import { publishChallengeResults, setRightAnswer } from './service.js';

/**
 * The results' input as the command line gives it (strings, left-out options): checked by the
 * contracts' schemas before anything is read, with the answers the HTTP routes give (the module's
 * German message at its field, no prefix).
 */

const actor = { operatorId: null, name: 'cli:test' };
// Refused input never reaches the database: a context without one shows it.
const ctx = {} as never;

const refusal = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  const { message, details } = error as ValidationError;
  return { message, field: details?.field };
};

test('a right answer that is no whole number of 1 to 9 digits, a wrong ranking, a reason that is no text, or neither answer nor ranking', async () => {
  const answer = (body: Record<string, unknown>) => refusal(setRightAnswer({ ctx, input: { challengeId: 'est', body, actor } }));
  for (const rightAnswer of ['zwölf', '1234567890', '', 1.5, -5, [12], { n: 1 }, true]) {
    expect([rightAnswer, await answer({ rightAnswer })]).toEqual([
      rightAnswer,
      { message: RESULT_INPUT_MESSAGES.answer, field: 'rightAnswer' },
    ]);
  }
  expect(await answer({ rightAnswer: undefined, ranking: 'lowest', reason: undefined })).toEqual({
    message: RESULT_INPUT_MESSAGES.ranking,
    field: 'ranking',
  });
  expect(await answer({ ranking: null })).toEqual({ message: RESULT_INPUT_MESSAGES.ranking, field: 'ranking' });
  expect(await answer({ rightAnswer: 5, reason: 5 })).toEqual({ message: RESULT_INPUT_MESSAGES.answerReason, field: 'reason' });
  expect(await answer({ rightAnswer: undefined, ranking: undefined })).toEqual({
    message: RESULT_INPUT_MESSAGES.nothingToChange,
    field: 'rightAnswer',
  });
  expect(await answer({})).toEqual({ message: RESULT_INPUT_MESSAGES.nothingToChange, field: 'rightAnswer' });
});

test('a publication without a whole version from 0, or with a reason that is no text', async () => {
  const publish = (body: Record<string, unknown>) => refusal(publishChallengeResults({ ctx, input: { challengeId: 'est', body, actor } }));
  for (const expectedVersion of [undefined, -1, '0', 0.5, null, 2 ** 53]) {
    expect([expectedVersion, await publish({ expectedVersion })]).toEqual([
      expectedVersion,
      { message: RESULT_INPUT_MESSAGES.expectedVersion, field: 'expectedVersion' },
    ]);
  }
  expect(await publish({ expectedVersion: 1, reason: ['Nachtrag'] })).toEqual({
    message: RESULT_INPUT_MESSAGES.correctionReason,
    field: 'reason',
  });
});
