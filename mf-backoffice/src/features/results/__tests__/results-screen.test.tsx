import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import type { ResultChallengeDto, ResultPreviewDto, ResultVersionDto } from '@erd/shared-contracts/wire';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const base = '/api/operator/results/challenges/est';

const summary = (answer: number | null, version: number): ResultChallengeDto => ({
  challengeId: 'est',
  yearId: 'year-2026',
  number: 1,
  headline: 'Wie viele Zuschauer?',
  objectTypeId: 'bfv-erd-estimate',
  timeState: 'finished',
  ended: true,
  publishableFrom: '2026-06-01',
  ranking: 'closest',
  rightAnswer: answer,
  needsAnswer: true,
  participants: 2,
  published: version ? { version, publishedAt: '2026-06-15T10:00:00.000Z', publishedBy: 'chefin@punktejagd.example', reason: null } : null,
});

function fakeServer() {
  let answer: number | null = null;
  let versions: ResultVersionDto[] = [];
  const calls: { answer: unknown[]; publish: unknown[] } = { answer: [], publish: [] };
  mockXhr({
    'GET /api/operator/results': () => ({ body: { yearId: 'year-2026', challenges: [summary(answer, versions.length)], overall: null } }),
    [`GET ${base}/preview`]: () =>
      answer === null
        ? { status: 409, body: { code: 'AnswerMissing', message: 'Trage zuerst die richtige Antwort ein.' } }
        : {
            body: {
              ...summary(answer, versions.length),
              rules: {},
              rows: [{ club: { _id: 'club-1-m', clubname: 'FC Nord', clubnumber: '1', team: 'm' }, place: 1, points: 100, estimate: 990 }],
              canPublish: true,
              blockers: [],
              changed: false,
              currentVersion: versions.length,
            } as unknown as ResultPreviewDto,
          },
    [`GET ${base}/versions`]: () => ({ body: { items: versions } }),
    [`PUT ${base}/answer`]: (_url, init) => {
      const body = bodyOf<{ rightAnswer: number }>(init);
      calls.answer.push(body);
      answer = body.rightAnswer;
      return { body: summary(answer, versions.length) };
    },
    [`POST ${base}/publish`]: (_url, init) => {
      calls.publish.push(bodyOf(init));
      const version = {
        version: versions.length + 1,
        publishedAt: '2026-06-15T10:00:00.000Z',
        publishedBy: 'chefin@punktejagd.example',
        reason: null,
        rows: [{}],
      } as unknown as ResultVersionDto;
      versions = [version, ...versions];
      return { body: { challenge: version, overall: { version: 1 } } };
    },
  });
  return calls;
}

beforeEach(fakeBackofficePage);

it('an admin records the right answer (a wrong one stops at the field) and publishes', async () => {
  const user = userEvent.setup();
  const calls = fakeServer();
  renderBackoffice('/backoffice/ergebnisse', signedInAdmin);
  expect(await screen.findByText('Trage zuerst die richtige Antwort ein.')).toBeInTheDocument();
  const field = screen.getByRole('textbox', { name: 'Richtige Antwort' });
  await user.type(field, '12a');
  await user.click(screen.getByRole('button', { name: 'Antwort speichern' }));
  expect(field).toHaveAccessibleDescription('Die richtige Antwort ist eine ganze Zahl mit 1 bis 9 Ziffern.');
  expect(calls.answer).toHaveLength(0);
  await user.clear(field);
  // As Germans write it (issue 24): '1.000' is 1000.
  await user.type(field, '1.000');
  await user.click(screen.getByRole('button', { name: 'Antwort speichern' }));
  expect(await screen.findByRole('rowheader', { name: 'FC Nord (Herren)' })).toBeInTheDocument();
  expect(calls.answer).toEqual([{ rightAnswer: 1000 }]);

  await user.click(screen.getByRole('button', { name: 'Ergebnisse veröffentlichen' }));
  expect(await screen.findByText('Veröffentlicht (Version 1).')).toBeInTheDocument();
  expect(calls.publish).toEqual([{ expectedVersion: 0 }]);
  const list = await screen.findByRole('list', { name: 'Veröffentlichte Versionen' });
  expect(within(list).getByText(/Version 1:/)).toBeInTheDocument();

  // A correction asks for a reason.
  await user.click(await screen.findByRole('button', { name: 'Korrektur veröffentlichen' }));
  const dialog = screen.getByRole('dialog', { name: 'Korrektur veröffentlichen' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund der Korrektur' }), 'Zahl korrigiert');
  await user.click(within(dialog).getByRole('button', { name: 'Veröffentlichen' }));
  await waitFor(() => expect(calls.publish).toEqual([{ expectedVersion: 0 }, { expectedVersion: 1, reason: 'Zahl korrigiert' }]));
});

it('shows a moderator the preview without answer or publishing controls', async () => {
  fakeServer();
  renderBackoffice('/backoffice/ergebnisse', signedIn);
  expect(await screen.findByRole('heading', { level: 1, name: 'Ergebnisse' })).toBeInTheDocument();
  expect(await screen.findByText('Noch nicht veröffentlicht.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Richtige Antwort' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /veröffentlichen/ })).not.toBeInTheDocument();
});
