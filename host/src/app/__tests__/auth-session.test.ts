import { sessionStore } from '@erd/shared-contracts';
import { loggedInSession } from '@erd/shared-contracts/testing';
import { signOut, startStoredSession } from '../auth-session';
import { loadRemoteModule } from '../remotes/federation';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: () => undefined }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const sessionModule = { startSession: jest.fn(async () => undefined), signOut: jest.fn(async () => undefined) };

beforeEach(() => {
  load.mockReset();
  sessionModule.startSession.mockClear();
  sessionModule.signOut.mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

it('does not load mf-auth at start for a visitor', async () => {
  sessionStore.setState({ status: null, email: null, claims: null, tokens: null });
  await startStoredSession();
  expect(load).not.toHaveBeenCalled();
});

it('does not load mf-auth for a failed login that was stored', async () => {
  sessionStore.setState({ status: 'LOGIN_FAILED', email: 'a@b.de', claims: null, tokens: null });
  await startStoredSession();
  expect(load).not.toHaveBeenCalled();
});

it('hands a stored session to mf-auth at start', async () => {
  sessionStore.setState(loggedInSession);
  load.mockResolvedValue(sessionModule);
  await startStoredSession();
  expect(load).toHaveBeenCalledWith('mf_auth', './session');
  expect(sessionModule.startSession).toHaveBeenCalledTimes(1);
});

it('survives mf-auth failing to load at start', async () => {
  sessionStore.setState(loggedInSession);
  load.mockRejectedValue(new Error('down'));
  await expect(startStoredSession()).resolves.toBeUndefined();
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
});

it('signs out through mf-auth and clears the store', async () => {
  sessionStore.setState(loggedInSession);
  load.mockResolvedValue(sessionModule);
  await signOut();
  expect(sessionModule.signOut).toHaveBeenCalledTimes(1);
  expect(sessionStore.getState().status).toBeNull();
});

it('clears the store even when mf-auth cannot be loaded', async () => {
  sessionStore.setState(loggedInSession);
  load.mockRejectedValue(new Error('down'));
  await signOut();
  expect(sessionStore.getState().tokens).toBeNull();
});
