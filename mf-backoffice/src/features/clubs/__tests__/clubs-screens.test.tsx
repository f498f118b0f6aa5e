import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClubAdminDto, ClubImportPreviewDto } from '@erd/shared-contracts/backoffice';
import { mockXhr, watchNetwork } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

const LIST = 'GET /api/operator/clubs';
const PREVIEW = 'POST /api/operator/clubs/import/preview';
const APPLY = 'POST /api/operator/clubs/import/apply';

const club = (i: number): ClubAdminDto => ({
  id: `club-${1000 + i}-m`,
  clubnumber: String(1000 + i),
  clubname: `Verein ${String(i).padStart(2, '0')}`,
  team: 'm',
  logourl: null,
  linkurl: null,
  updatedAt: '2026-05-05T12:30:00.000Z',
});

beforeEach(fakeBackofficePage);

const preview = (badRows: ClubImportPreviewDto['badRows'], encoding: ClubImportPreviewDto['encoding'] = 'utf-8'): ClubImportPreviewDto => ({
  fileHash: 'f'.repeat(64),
  previewHash: (badRows.length ? 'b' : 'a').repeat(64),
  encoding,
  rows: 2,
  totals: { added: 1, changed: 0, removed: 0, kept: 1, badRows: badRows.length },
  added: [{ id: 'club-500-w', line: 2, clubnumber: '500', clubname: 'SpVgg Neu', team: 'w', linkurl: null }],
  changed: [],
  unchanged: 0,
  removed: [],
  kept: [{ id: 'club-300-m', clubnumber: '300', clubname: 'SV Bleibt', team: 'm', linkurl: null }],
  badRows,
});

it('lists clubs page by page and searches on the server; a moderator gets no import', async () => {
  const user = userEvent.setup();
  const items = Array.from({ length: 30 }, (_, i) => club(i));
  const xhr = mockXhr({
    [LIST]: (url) => {
      const query = url.searchParams.get('query') ?? '';
      const from = Number(url.searchParams.get('from') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 25);
      const matching = items.filter((c) => c.clubname.includes(query) || c.clubnumber.includes(query));
      return { body: { items: matching.slice(from, from + size), total: matching.length, from, size } };
    },
  });
  renderBackoffice('/backoffice/vereine', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: '30 Vereine' })).toBeInTheDocument();
  expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26);
  expect(screen.queryByRole('link', { name: 'CSV importieren' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(await screen.findByText('Seite 2 von 2')).toBeInTheDocument();
  await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
  await user.type(screen.getByRole('searchbox', { name: 'Name oder Vereinsnummer' }), '1007');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortierung' }), '-number');
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 Verein' })).toBeInTheDocument();
  const last = xhr.mock.calls.at(-1)![0];
  expect(last.searchParams.get('query')).toBe('1007');
  expect(last.searchParams.get('sort')).toBe('-number');
  expect(last.searchParams.get('from')).toBe('0');
});

/** The bodies the page sends, as bytes (the fake XHR hands handlers only text bodies). */
function sentBodies(): Uint8Array[] {
  const bodies: Uint8Array[] = [];
  watchNetwork(({ sent }) => {
    if (sent instanceof ArrayBuffer) bodies.push(new Uint8Array(sent));
  });
  return bodies;
}

it('shows bad rows with line and reason and allows no import; a fixed file is previewed and applied', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({
    [PREVIEW]: () => ({ body: preview(xhr.mock.calls.length === 1 ? [{ line: 3, reason: 'team muss "m" oder "w" sein' }] : []) }),
    [APPLY]: (url) => {
      expect(url.searchParams.get('previewHash')).toBe('a'.repeat(64));
      return { body: { fileHash: 'f'.repeat(64), added: 1, changed: 0, unchanged: 0, removed: 0, kept: 1 } };
    },
  });
  const sent = sentBodies();
  renderBackoffice('/backoffice/vereine/import', signedInAdmin);
  const input = await screen.findByLabelText('CSV-Datei');
  const header = 'clubnumber,clubname,team,logourl,linkurl\n';
  await user.upload(input, new File([`${header}500,SpVgg Neu,w,,\n501,SV Falsch,x,,\n`], 'vereine.csv', { type: 'text/csv' }));
  const bad = await screen.findByRole('region', { name: 'Fehlerhafte Zeilen (1)' });
  expect(within(bad).getByRole('rowheader', { name: '3' })).toBeInTheDocument();
  expect(within(bad).getByText('team muss "m" oder "w" sein')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Übernehmen' })).toBeDisabled();

  await user.upload(input, new File([`${header}500,SpVgg Neu,w,,\n`], 'vereine.csv', { type: 'text/csv' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: /Fehlerhafte Zeilen/ })).not.toBeInTheDocument());
  expect(within(screen.getByRole('region', { name: 'Neu (1)' })).getByRole('rowheader', { name: 'SpVgg Neu (Damen)' })).toBeInTheDocument();
  expect(screen.getByText('bleibt (hat ein Konto oder Beiträge)')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
  expect(await screen.findByRole('heading', { name: 'Vereinsliste übernommen' })).toHaveFocus();
  expect(screen.getByText('1 neu')).toBeInTheDocument();
  expect(xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/clubs/import/apply')).toHaveLength(1);
  // The file went as it is, twice the same for preview and apply.
  expect(sent).toHaveLength(3);
  expect(new TextDecoder().decode(sent[2])).toBe(`${header}500,SpVgg Neu,w,,\n`);
  expect(sent[2]).toEqual(sent[1]);
});

it('sends a Windows-1252 file as its bytes, says which encoding the preview used, and isolates club names', async () => {
  const user = userEvent.setup();
  mockXhr({
    [PREVIEW]: () => ({
      body: {
        ...preview([], 'windows-1252'),
        added: [{ id: 'club-1-m', line: 2, clubnumber: '1', clubname: 'Münchener SV \u202Eneppahcstuo', team: 'm', linkurl: null }],
      },
    }),
  });
  const sent = sentBodies();
  renderBackoffice('/backoffice/vereine/import', signedInAdmin);
  // "Münchener" as German Excel saves it: ü is the single byte 0xFC.
  const bytes = new Uint8Array([
    ...new TextEncoder().encode('clubnumber,clubname,team,logourl,linkurl\r\n1,M'),
    0xfc,
    ...new TextEncoder().encode('nchener SV,m,,\r\n'),
  ]);
  await user.upload(await screen.findByLabelText('CSV-Datei'), new File([bytes], 'vereine.csv', { type: 'text/csv' }));

  expect(await screen.findByText('Zeichensatz: Windows-1252 (Excel)')).toBeInTheDocument();
  expect(sent[0]).toEqual(bytes);
  const name = within(screen.getByRole('region', { name: 'Neu (1)' })).getByRole('rowheader');
  expect(name.querySelector('bdi')?.textContent).toBe('Münchener SV \u202Eneppahcstuo');
  expect(name.textContent).toContain('(Herren)');
});

it('refuses a file that is not CSV next to the field, without calling the server', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const xhr = mockXhr({});
  renderBackoffice('/backoffice/vereine/import', signedInAdmin);
  const input = await screen.findByLabelText('CSV-Datei');
  await user.upload(input, new File(['x'], 'bild.png', { type: 'image/png' }));
  expect(await screen.findByText('Wähle eine CSV-Datei (Endung .csv).')).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(xhr).not.toHaveBeenCalled();
});

it('tells a moderator that the import is for admins', async () => {
  renderBackoffice('/backoffice/vereine/import', signedIn);
  expect(await screen.findByText('Den CSV-Import machen Administratoren.')).toBeInTheDocument();
  expect(screen.queryByLabelText('CSV-Datei')).not.toBeInTheDocument();
});

it('lets an admin upload a club logo in the list; a refused picture gets a message in the row and changes nothing', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const first = club(1);
  const xhr = mockXhr({
    [LIST]: () => ({ body: { items: [first], total: 1, from: 0, size: 25 } }),
    [`POST /api/operator/clubs/${first.id}/logo`]: { body: { ...first, logourl: '/media/wappen.0123456789abcdef.png' } },
  });
  renderBackoffice('/backoffice/vereine', signedInAdmin);
  const input = await screen.findByLabelText(`Logo hochladen für ${first.clubname}`);
  await user.upload(input, new File(['x'], 'wappen.gif', { type: 'image/gif' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Erlaubt sind JPEG, PNG oder WEBP.');
  expect(xhr.mock.calls.filter(([url]) => url.pathname.endsWith('/logo'))).toHaveLength(0);
  await user.upload(input, new File(['x'], 'wappen.png', { type: 'image/png' }));
  expect(await screen.findByRole('img', { name: `Logo von ${first.clubname}` })).toHaveAttribute(
    'src',
    expect.stringContaining('/media/wappen.0123456789abcdef.png'),
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
