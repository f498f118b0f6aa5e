import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadPaths } from '@erd/shared-contracts';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { callLines, deferred, mockHttp, type HttpCall, type HttpHandler } from '../../../testing/http';

// The picture vote (#2): submission 01.04–20.04.
const PICTURE = OWN('challenge-picture');
const PRESIGN = `${PICTURE}/createpresignedpost`;
/** The embedded storage's upload target, as the server's presigned post names it. */
const UPLOAD_URL = uploadPaths.upload;
const TODAY = '2026-04-10';
const panel = () => screen.findByRole('article', { name: 'Euer schönster Jubel' });
const failure = 'Da ist leider was schief gelaufen. Es sind JPEG, PNG, GIF oder WEBP erlaubt.';

const presigned = {
  file: 'uploads/club-10001-m/abc.jpg',
  data: {
    url: UPLOAD_URL,
    fields: { key: 'uploads/club-10001-m/abc.jpg', 'Content-Type': 'image/jpeg', policy: 'p0l1cy', signature: 's1g' },
  },
};

function photo(name = 'jubel.jpg', type = 'image/jpeg', size = 2048) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function routes(overrides: Record<string, HttpHandler> = {}): Record<string, HttpHandler> {
  return {
    [`GET ${PICTURE}?include=rejection`]: { data: null },
    [`POST ${PRESIGN}`]: { data: presigned },
    [`POST ${UPLOAD_URL}`]: { status: 204 },
    [`PUT ${PICTURE}`]: { data: ownEntry('picture') },
    ...overrides,
  };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file = photo()) {
  const card = await panel();
  const input = await within(card).findByLabelText('Bild auswählen');
  await user.upload(input, file);
  return card;
}

beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

it('a member without a picture gets the file chooser (image/*) and is told to choose one first', async () => {
  mockHttp(routes());
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await panel();
  const input = await within(card).findByLabelText('Bild auswählen');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(within(card).getByText('Wähle zuerst ein Bild aus')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Bild hochladen' })).toBeDisabled();
  expect(within(card).getByText('JPEG, PNG, GIF oder WEBP, höchstens 10 MB.')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'STÖBERN' })).toHaveAttribute('href', '/challenge/challenge-picture');
});

it('shows the chosen file name', async () => {
  mockHttp(routes());
  const user = userEvent.setup();
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await chooseFile(user, photo('Unser Jubel 2026.png', 'image/png'));
  expect(within(card).getByText('Unser Jubel 2026.png')).toBeInTheDocument();
  expect(within(card).getByText(/Ausgewählt:/)).toHaveTextContent('Ausgewählt: Unser Jubel 2026.png');
  expect(within(card).queryByText('Wähle zuerst ein Bild aus')).not.toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Bild hochladen' })).toBeEnabled();
});

describe('the preview before the upload', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    let n = 0;
    URL.createObjectURL = jest.fn(() => {
      const url = `blob:preview-${++n}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  });

  it('shows the chosen picture with its name; another choice replaces it and revokes the old URL; leaving revokes the last', async () => {
    mockHttp(routes());
    const user = userEvent.setup();
    const view = renderChallenges({ today: TODAY, session: loggedInSession });
    const card = await chooseFile(user, photo('erstes.jpg'));
    expect(within(card).getByRole('img', { name: 'Vorschau deines Bildes' })).toHaveAttribute('src', 'blob:preview-1');
    expect(within(card).getByText(/Ausgewählt:/)).toHaveTextContent('Ausgewählt: erstes.jpg');

    await user.upload(within(card).getByLabelText('Bild auswählen'), photo('zweites.png', 'image/png'));
    expect(within(card).getByRole('img', { name: 'Vorschau deines Bildes' })).toHaveAttribute('src', 'blob:preview-2');
    expect(within(card).getByText(/Ausgewählt:/)).toHaveTextContent('Ausgewählt: zweites.png');
    expect(revoked).toEqual(['blob:preview-1']);

    view.unmount();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it('no preview of a file that is no picture or too large; a picture the browser cannot show leaves only its name', async () => {
    mockHttp(routes());
    const user = userEvent.setup({ applyAccept: false });
    renderChallenges({ today: TODAY, session: loggedInSession });
    const card = await chooseFile(user, photo('riesig.jpg', 'image/jpeg', 11 * 1024 * 1024));
    expect(within(card).queryByRole('img', { name: 'Vorschau deines Bildes' })).not.toBeInTheDocument();
    await user.upload(within(card).getByLabelText('Bild auswählen'), photo('bild.heic', 'image/heic'));
    const preview = within(card).getByRole('img', { name: 'Vorschau deines Bildes' });
    act(() => {
      preview.dispatchEvent(new Event('error'));
    });
    expect(within(card).queryByRole('img', { name: 'Vorschau deines Bildes' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Ausgewählt:/)).toHaveTextContent('Ausgewählt: bild.heic');
    expect(created).toEqual(['blob:preview-1']);
  });
});

it('uploads through the presigned post with a progress bar: presign → multipart POST (fields, then file) → PUT', async () => {
  const half = deferred();
  const finish = deferred();
  let uploaded: FormData | null = null;
  const calls = mockHttp(
    routes({
      [`POST ${UPLOAD_URL}`]: async ({ body, config }: HttpCall) => {
        uploaded = body as FormData;
        config?.onUploadProgress?.({ loaded: 512, total: 2048 });
        await half.promise;
        config?.onUploadProgress?.({ loaded: 1536, total: 2048 });
        await finish.promise;
        return { status: 204 };
      },
    }),
  );
  const user = userEvent.setup();
  renderChallenges({ today: TODAY, session: loggedInSession });
  const file = photo('jubel.JPG');
  const card = await chooseFile(user, file);
  await user.click(within(card).getByRole('button', { name: 'Bild hochladen' }));

  const bar = await within(card).findByRole('progressbar', { name: 'Bild wird hochgeladen' });
  expect(bar).toHaveAttribute('aria-valuenow', '25');
  expect(within(card).getByRole('button', { name: 'Bild hochladen' })).toBeDisabled();
  await act(async () => half.resolve());
  expect(bar).toHaveAttribute('aria-valuenow', '75');
  expect(within(card).getByText('75 %')).toBeInTheDocument();
  await act(async () => finish.resolve());

  expect(await within(card).findByText('Dein Bild wird in Kürze freigeschaltet.')).toBeInTheDocument();
  // The card shows the picture the club sent (its thumbnail from the answer).
  expect(within(card).getByRole('img', { name: 'Dein eingereichtes Bild' })).toHaveAttribute(
    'src',
    expect.stringContaining('/media/own-picture-w1024.webp'),
  );
  expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(within(card).queryByLabelText('Bild auswählen')).not.toBeInTheDocument();

  expect(callLines(calls)).toEqual([`GET ${PICTURE}?include=rejection`, `POST ${PRESIGN}`, `POST ${UPLOAD_URL}`, `PUT ${PICTURE}`]);
  const [, presign, upload, put] = calls;
  expect(presign).toMatchObject({ body: { name: 'jubel.JPG', contentType: 'image/jpeg' }, authenticated: true });
  // The storage upload carries no access token: the signed fields authorise it.
  expect(upload!.authenticated).toBe(false);
  expect([...uploaded!.keys()]).toEqual(['key', 'Content-Type', 'policy', 'signature', 'file']);
  expect(uploaded!.get('policy')).toBe('p0l1cy');
  expect(uploaded!.get('file')).toBe(file);
  expect(put).toMatchObject({ body: { picture: 'uploads/club-10001-m/abc.jpg' }, authenticated: true });
});

it('an unknown extension is sent with an empty content type (the server judges the content)', async () => {
  const calls = mockHttp(routes());
  const user = userEvent.setup();
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await chooseFile(user, photo('jubel', 'image/jpeg'));
  await user.click(within(card).getByRole('button', { name: 'Bild hochladen' }));
  await within(card).findByText('Dein Bild wird in Kürze freigeschaltet.');
  expect(calls[1]!.body).toEqual({ name: 'jubel', contentType: '' });
});

it.each([
  ['the presign is refused (415)', { [`POST ${PRESIGN}`]: { status: 415, code: 'UnsupportedImage' } }, 2],
  ['the upload fails', { [`POST ${UPLOAD_URL}`]: { status: 0 } }, 3],
  ['the entry is refused (413)', { [`PUT ${PICTURE}`]: { status: 413, code: 'TooLarge' } }, 4],
])('when %s it says which pictures are allowed, and the form stays', async (_, override, callCount) => {
  const calls = mockHttp(routes(override));
  const user = userEvent.setup();
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await chooseFile(user);
  await user.click(within(card).getByRole('button', { name: 'Bild hochladen' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(failure);
  expect(calls).toHaveLength(callCount);
  expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Bild hochladen' })).toBeEnabled();
  // Choosing another file clears the message.
  await user.upload(within(card).getByLabelText('Bild auswählen'), photo('zwei.png', 'image/png'));
  expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
});

it.each([
  ['larger than 10 MB', photo('riesig.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)],
  ['not an image', photo('bericht.pdf', 'application/pdf')],
])('a file %s is refused before anything is sent', async (_, file) => {
  const calls = mockHttp(routes());
  const user = userEvent.setup({ applyAccept: false });
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await chooseFile(user, file);
  await user.click(within(card).getByRole('button', { name: 'Bild hochladen' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(failure);
  expect(callLines(calls)).toEqual([`GET ${PICTURE}?include=rejection`]);
});

it('a published picture gives MEIN BILD ANZEIGEN; an unpublished one the notice', async () => {
  mockHttp(routes({ [`GET ${PICTURE}?include=rejection`]: { data: ownEntry('picture', { published: true, id: 'p-own' }) } }));
  const view = renderChallenges({ today: TODAY, session: loggedInSession });
  expect(await within(await panel()).findByRole('link', { name: 'MEIN BILD ANZEIGEN' })).toHaveAttribute(
    'href',
    '/challenge/challenge-picture/p-own',
  );
  view.unmount();

  mockHttp(routes({ [`GET ${PICTURE}?include=rejection`]: { data: ownEntry('picture') } }));
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await panel();
  expect(await within(card).findByText('Dein Bild wird in Kürze freigeschaltet.')).toBeInTheDocument();
  expect(within(card).getByRole('img', { name: 'Dein eingereichtes Bild' })).toBeInTheDocument();
  expect(within(card).queryByLabelText('Bild auswählen')).not.toBeInTheDocument();
});

it("a rejected picture: the operator's reason, and the chooser is back", async () => {
  mockHttp(
    routes({
      [`GET ${PICTURE}?include=rejection`]: {
        data: {
          state: 'rejected',
          challengeId: 'challenge-picture',
          objectTypeId: 'bfv-erd-picture-participation',
          reason: 'Personen erkennbar ohne Einwilligung',
          rejectedAt: '2026-04-09T10:00:00.000Z',
          withdrawn: false,
        },
      },
    }),
  );
  renderChallenges({ today: TODAY, session: loggedInSession });
  const card = await panel();
  expect(
    await within(card).findByText(
      'Dein Bild wurde leider nicht freigegeben: Personen erkennbar ohne Einwilligung. Du kannst ein neues einreichen.',
    ),
  ).toBeInTheDocument();
  expect(within(card).getByLabelText('Bild auswählen')).toBeInTheDocument();
});
