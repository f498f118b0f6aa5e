import { loadExposed } from '../remotes/runtime';
import { loadedRemoteModule, prefetchRemotesOnIntent, registerRemotesFromConfig } from '../remotes/federation';

// A file of its own: the page's loaded modules (federation.ts) start empty here.
jest.mock('../remotes/runtime', () => ({ loadExposed: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [],
};
const fetchMock = jest.fn(async (_url: URL, _init?: RequestInit) => ({ ok: true, status: 200, json: async () => manifest }));

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockClear();
  loadExposedMock.mockReset();
});

describe('prefetchRemotesOnIntent', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    registerRemotesFromConfig([
      { name: 'mf_standings', entry: '/remotes/mf_standings/r1/mf-manifest.json' },
      { name: 'mf_challenges', entry: '/remotes/mf_challenges/r1/mf-manifest.json' },
    ]);
    document.body.innerHTML = `
      <a id="tabelle" href="/tabelle"><span id="inner">Tabelle</span></a>
      <a id="club" href="/club/club%201">Club</a>
      <a id="challenge" href="/challenge/c-1">Challenge</a>
      <a id="home" href="/">Start</a>
      <a id="elsewhere" href="https://example.org/tabelle">Anderswo</a>
      <a id="auth" href="/login">Anmelden</a>
      <button id="button">Knopf</button>`;
    stop = prefetchRemotesOnIntent(document);
  });
  afterEach(() => stop());

  const fire = (id: string, type: string) => document.getElementById(id)!.dispatchEvent(new Event(type, { bubbles: true }));
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads the remote of a link the visitor points at (also at an element inside it), focuses or touches, once', async () => {
    const module = { default: () => null };
    loadExposedMock.mockResolvedValue(module);
    fire('inner', 'pointerover');
    await flush();
    expect(loadExposedMock).toHaveBeenCalledWith(
      'mf_standings',
      'http://localhost/remotes/mf_standings/r1/remoteEntry.js',
      './StandingsApp',
      { retry: false },
    );
    expect(loadedRemoteModule('mf_standings', './StandingsApp')).toBe(module);
    fire('tabelle', 'focusin');
    fire('tabelle', 'touchstart');
    fire('club', 'focusin');
    await flush();
    expect(loadExposedMock.mock.calls.map((call) => call[2])).toEqual(['./StandingsApp', './ClubPage']);
  });

  it('loads nothing for a page of the host, another site, a remote the server does not list, or no link', async () => {
    for (const id of ['home', 'elsewhere', 'auth', 'button']) {
      fire(id, 'pointerover');
      fire(id, 'focusin');
    }
    await flush();
    expect(loadExposedMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed load is dropped quietly, and the next intent loads again; after stop nothing is loaded', async () => {
    loadExposedMock.mockRejectedValueOnce(new Error('remoteEntry.js 404'));
    fire('challenge', 'pointerover');
    await flush();
    await flush();
    expect(loadedRemoteModule('mf_challenges', './ChallengesApp')).toBeUndefined();
    loadExposedMock.mockResolvedValueOnce({ default: () => null });
    fire('challenge', 'pointerover');
    await flush();
    expect(loadExposedMock).toHaveBeenCalledTimes(2);
    stop();
    fire('tabelle', 'pointerover');
    await flush();
    expect(loadExposedMock).toHaveBeenCalledTimes(2);
  });
});
