import { loadExposed } from '../remotes/runtime';
import { awaitRemoteOfPath, loadedRemoteModule, loadRemoteModule, readManifest, registerRemotesFromConfig } from '../remotes/federation';

// The MF runtime chunk itself is not loaded here: what federation.ts does around it is tested.
jest.mock('../remotes/runtime', () => ({ loadExposed: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [{ path: './StandingsApp', assets: { js: { sync: ['12.abcdef01.js', '__federation_expose_StandingsApp.0123abcd.js'] } } }],
};
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });
const fetchMock = jest.fn(async (_url: URL, _init?: RequestInit) => answer(200, manifest));

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockClear();
  loadExposedMock.mockReset();
  document.head.innerHTML = '';
  registerRemotesFromConfig([{ name: 'mf_standings', entry: '/remotes/mf_standings/r1/mf-manifest.json' }]);
});

it('takes the remoteEntry.js and the exposed module’s own files from the manifest', async () => {
  await expect(readManifest('http://localhost/remotes/mf_standings/r1/mf-manifest.json', './StandingsApp')).resolves.toEqual({
    entry: 'http://localhost/remotes/mf_standings/r1/remoteEntry.js',
    files: [
      'http://localhost/remotes/mf_standings/r1/12.abcdef01.js',
      'http://localhost/remotes/mf_standings/r1/__federation_expose_StandingsApp.0123abcd.js',
    ],
  });
});

it('loads an exposed module once per page, however often a render asks for it, and preloads its files', async () => {
  const module = { default: () => null };
  loadExposedMock.mockResolvedValue(module);
  const [a, b] = await Promise.all([
    loadRemoteModule('mf_standings', './StandingsApp'),
    loadRemoteModule('mf_standings', './StandingsApp'),
  ]);
  expect(a).toBe(module);
  expect(b).toBe(module);
  await expect(loadRemoteModule('mf_standings', './StandingsApp')).resolves.toBe(module);
  expect(loadExposedMock).toHaveBeenCalledTimes(1);
  expect(loadExposedMock).toHaveBeenCalledWith(
    'mf_standings',
    'http://localhost/remotes/mf_standings/r1/remoteEntry.js',
    './StandingsApp',
    { retry: false },
  );
  expect([...document.head.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href'))).toEqual([
    'http://localhost/remotes/mf_standings/r1/remoteEntry.js',
    'http://localhost/remotes/mf_standings/r1/12.abcdef01.js',
    'http://localhost/remotes/mf_standings/r1/__federation_expose_StandingsApp.0123abcd.js',
  ]);
});

it('forgets a failed load: the next call (a retry) loads again and re-registers the remote', async () => {
  registerRemotesFromConfig([{ name: 'mf_standings', entry: '/remotes/mf_standings/r2/mf-manifest.json' }]);
  loadExposedMock.mockRejectedValueOnce(new Error('remoteEntry.js 404'));
  await expect(loadRemoteModule('mf_standings', './ClubPage')).rejects.toMatchObject({ name: 'RemoteLoadError', remote: 'mf_standings' });
  loadExposedMock.mockResolvedValueOnce({ default: () => null });
  await expect(loadRemoteModule('mf_standings', './ClubPage', { retry: true })).resolves.toBeTruthy();
  expect(loadExposedMock).toHaveBeenCalledTimes(2);
  expect(loadExposedMock.mock.calls[1]?.[3]).toEqual({ retry: true });
});

it('a manifest that is missing is a load error (the slot shows its fallback)', async () => {
  fetchMock.mockResolvedValueOnce(answer(404, 'nope'));
  await expect(loadRemoteModule('mf_standings', './Missing')).rejects.toMatchObject({ name: 'RemoteLoadError' });
  expect(loadExposedMock).not.toHaveBeenCalled();
});

it('hands out a module that has arrived at once, and never one whose load failed', async () => {
  const module = { default: () => null };
  let arrive!: (value: unknown) => void;
  loadExposedMock.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
  const loading = loadRemoteModule('mf_standings', './Arriving');
  expect(loadedRemoteModule('mf_standings', './Arriving')).toBeUndefined();
  arrive(module);
  await loading;
  expect(loadedRemoteModule('mf_standings', 'Arriving')).toBe(module);

  loadExposedMock.mockRejectedValueOnce(new Error('remoteEntry.js 404'));
  await expect(loadRemoteModule('mf_standings', './Broken')).rejects.toMatchObject({ name: 'RemoteLoadError' });
  expect(loadedRemoteModule('mf_standings', './Broken')).toBeUndefined();
});

describe('awaitRemoteOfPath', () => {
  beforeEach(() => {
    registerRemotesFromConfig([
      { name: 'mf_standings', entry: '/remotes/mf_standings/r1/mf-manifest.json' },
      { name: 'mf_challenges', entry: '/remotes/mf_challenges/r1/mf-manifest.json' },
    ]);
  });

  it('waits for the remote of a remote’s route, which has then arrived', async () => {
    const module = { default: () => null };
    loadExposedMock.mockResolvedValue(module);
    await awaitRemoteOfPath('/challenge/challenge-1');
    expect(loadExposedMock).toHaveBeenCalledWith(
      'mf_challenges',
      'http://localhost/remotes/mf_challenges/r1/remoteEntry.js',
      './ChallengesApp',
      { retry: false },
    );
    expect(loadedRemoteModule('mf_challenges', './ChallengesApp')).toBe(module);
  });

  it('loads nothing on a page of the host’s own, nor for a remote the server does not list', async () => {
    await awaitRemoteOfPath('/');
    await awaitRemoteOfPath('/impressum');
    await awaitRemoteOfPath('/login');
    expect(loadExposedMock).not.toHaveBeenCalled();
  });

  it('a failed load does not fail it, and it waits no longer than its limit', async () => {
    registerRemotesFromConfig([{ name: 'mf_auth', entry: '/remotes/mf_auth/r1/mf-manifest.json' }]);
    loadExposedMock.mockRejectedValueOnce(new Error('remoteEntry.js 404'));
    await expect(awaitRemoteOfPath('/login')).resolves.toBeUndefined();

    jest.useFakeTimers();
    try {
      loadExposedMock.mockReturnValueOnce(new Promise(() => {}));
      let done = false;
      void awaitRemoteOfPath('/registration', 3000).then(() => (done = true));
      await jest.advanceTimersByTimeAsync(2999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
