import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { clubFansTexts } from '../components/club-fans-export';

/** 'Mein Verein' fans on the newsletter screen (admins): choose a club or all, then the server's CSV (audited there). */

const LIST = 'GET /api/operator/newsletter/subscribers';
const CLUBS = 'GET /api/operator/club-fans/clubs';
const emptyPage = { body: { items: [], total: 0, from: 0, size: 25 } };

beforeEach(fakeBackofficePage);

const region = () => screen.findByRole('region', { name: clubFansTexts.title });

it('offers all clubs or one, each with its number of fans, and links the export to the choice', async () => {
  mockXhr({
    [LIST]: emptyPage,
    [CLUBS]: {
      body: {
        items: [
          { clubId: 'club-10214-m', clubName: 'TSV Eching', team: 'm', confirmed: 12 },
          { clubId: 'club-10214-w', clubName: 'TSV Eching', team: 'w', confirmed: 1 },
        ],
        total: 2,
      },
    },
  });
  const user = userEvent.setup();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  const panel = await region();
  const select = await within(panel).findByRole('combobox', { name: 'Verein' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Alle Vereine (13 Fans)', 'TSV Eching (Herren) – 12 Fans', 'TSV Eching (Damen) – 1 Fan']);
  const link = within(panel).getByRole('link', { name: 'Fans als CSV exportieren' });
  expect(link).toHaveAttribute('href', '/api/operator/club-fans/fans.csv');
  expect(link).toHaveAttribute('download');
  await user.selectOptions(select, 'club-10214-w');
  expect(link).toHaveAttribute('href', '/api/operator/club-fans/fans.csv?clubId=club-10214-w');
  // The newsletter's own export stays as it was.
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute('href', '/api/operator/newsletter/subscribers.csv');
});

it('says when no club has fans yet, and offers a retry when the list fails', async () => {
  let fail = true;
  mockXhr({
    [LIST]: emptyPage,
    [CLUBS]: () => (fail ? { status: 500, body: { code: 'InternalError' } } : { body: { items: [], total: 0 } }),
  });
  const user = userEvent.setup();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  const panel = await region();
  expect(await within(panel).findByRole('alert')).toHaveTextContent(clubFansTexts.loadFailed);
  fail = false;
  await user.click(within(panel).getByRole('button', { name: 'Erneut laden' }));
  expect(await within(panel).findByText(clubFansTexts.none)).toBeInTheDocument();
  expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
});

it('a moderator gets neither the panel nor a call for it', async () => {
  const xhr = mockXhr({ [CLUBS]: { body: { items: [], total: 0 } } });
  renderBackoffice('/backoffice/newsletter', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
  expect(screen.queryByRole('region', { name: clubFansTexts.title })).not.toBeInTheDocument();
  expect(xhr.mock.calls.filter(([url]) => url.pathname.startsWith('/api/operator/club-fans'))).toEqual([]);
});
