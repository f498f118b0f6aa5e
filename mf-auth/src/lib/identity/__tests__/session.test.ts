import { isApiError, sessionStore, setRuntimeConfig, type SessionData } from '@erd/shared-contracts';
import { createHttpClient } from '@erd/shared-contracts/http';
import { mockXhr, testConfig } from '@erd/shared-contracts/testing';
import {
  answerRefresh,
  cognitoError,
  fakeCognito,
  fakeJwt,
  fakeSession,
  refreshAnswer,
  refreshCalls,
  type FakeAuthCallbacks,
} from '../../../testing/fake-cognito';
import {
  login,
  MIN_REFRESH_INTERVAL_MS,
  REFRESH_ATTEMPT_DELAYS_MS,
  REFRESH_LEAD_MAX_SECONDS,
  REFRESH_RETRY_MAX_MS,
  REFRESH_RETRY_MS,
  refreshDueAt,
  refreshSession,
  resetSessionForTests,
  signOut,
  signOutEverywhere,
  startSession,
} from '../session';
import { cognitoSessionStorage } from '../storage';

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

const empty: SessionData = { status: null, email: null, claims: null, tokens: null };

const succeed = (session = fakeSession()) =>
  fakeCognito.authenticate.mockImplementation((_user, _details, callbacks: FakeAuthCallbacks) => callbacks.onSuccess(session));

beforeEach(() => {
  jest.useRealTimers();
  resetSessionForTests();
  fakeCognito.reset();
  sessionStorage.clear();
  localStorage.clear();
  setRuntimeConfig(testConfig);
  sessionStore.setState({ ...empty, refresh: null, signOut: null, signOutEverywhere: null });
});

afterEach(() => {
  resetSessionForTests();
  jest.useRealTimers();
  jest.spyOn(Math, 'random').mockRestore();
});

describe('user pool', () => {
  it('uses pool id, client id and the endpoint of the runtime config (resolved), with session storage for the library', async () => {
    succeed();
    await login('trainer@tsv-eching.example', 'Geheim#123');
    expect(fakeCognito.pools).toHaveLength(1);
    const pool = fakeCognito.pools[0]!;
    expect(pool).toMatchObject({ UserPoolId: 'eu-central-1_ErdLocal1', ClientId: 'erdlocalclient', endpoint: 'http://localhost/identity' });
    expect(pool.Storage).toBe(cognitoSessionStorage);
    expect(pool.Storage).not.toBe(localStorage);

    cognitoSessionStorage.setItem('CognitoIdentityServiceProvider.erdlocalclient.LastAuthUser', 'sub-1');
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.erdlocalclient.LastAuthUser')).toBe('sub-1');
    expect(localStorage.length).toBe(0);
    sessionStorage.setItem('other-key', 'stays');
    cognitoSessionStorage.clear();
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.erdlocalclient.LastAuthUser')).toBeNull();
    expect(sessionStorage.getItem('other-key')).toBe('stays');
  });
});

describe('login', () => {
  it('signs in with SRP and stores status, e-mail, the id token claims and the tokens', async () => {
    const session = fakeSession({ clockDrift: 3, refreshToken: 'refresh-1' });
    succeed(session);
    const result = await login('  Trainer@TSV-Eching.example ', 'Geheim#123');

    expect(result).toEqual({ status: 'LOGGED_IN' });
    const [user, details] = fakeCognito.authenticate.mock.calls[0]!;
    expect(user.flowType).toBe('USER_SRP_AUTH');
    expect(details).toEqual({ Username: 'trainer@tsv-eching.example', Password: 'Geheim#123' });

    const state = sessionStore.getState();
    expect(state.status).toBe('LOGGED_IN');
    expect(state.email).toBe('trainer@tsv-eching.example');
    expect(state.claims).toMatchObject({ sub: 'sub-1', email: 'trainer@tsv-eching.example', 'custom:club': 'club-10001-m' });
    expect(state.tokens).toEqual({
      idToken: session.getIdToken().getJwtToken(),
      accessToken: session.getAccessToken().getJwtToken(),
      refreshToken: 'refresh-1',
      clockDrift: 3,
      idTokenExpiresAt: session.getIdToken().getExpiration(),
      accessTokenExpiresAt: session.getAccessToken().getExpiration(),
    });
    // Persisted to session storage under the spec's key.
    expect(JSON.parse(sessionStorage.getItem('bfv-erd-session') ?? '{}').state.status).toBe('LOGGED_IN');
    // The refresher and the sign-out are registered for the rest of the site.
    expect(state.refresh).toBe(refreshSession);
    expect(state.signOut).toBe(signOut);
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['UserNotConfirmedException', 'User is not confirmed.'],
    ['NetworkError', 'Network error'],
  ])('maps a failure (%s) to LOGIN_FAILED with the code', async (code, message) => {
    fakeCognito.authenticate.mockImplementation((_u, _d, callbacks) => callbacks.onFailure(cognitoError(code, message)));
    const result = await login('trainer@tsv-eching.example', 'falsch');
    expect(result).toEqual({ status: 'LOGIN_FAILED', code, message });
    expect(sessionStore.getState()).toMatchObject({
      status: 'LOGIN_FAILED',
      email: 'trainer@tsv-eching.example',
      tokens: null,
      claims: null,
    });
  });

  it('passes new-password-required and custom-challenge outcomes back as the session status', async () => {
    fakeCognito.authenticate.mockImplementation((_u, _d, callbacks) => callbacks.newPasswordRequired?.({}, []));
    expect(await login('a@b.de', 'x')).toEqual({ status: 'NEW_PASSWORD_REQUIRED' });
    expect(sessionStore.getState().status).toBe('NEW_PASSWORD_REQUIRED');

    fakeCognito.authenticate.mockImplementation((_u, _d, callbacks) => callbacks.customChallenge?.({}));
    expect(await login('a@b.de', 'x')).toEqual({ status: 'CUSTOM_CHALLENGE' });
    expect(sessionStore.getState().status).toBe('CUSTOM_CHALLENGE');

    fakeCognito.authenticate.mockImplementation((_u, _d, callbacks) => callbacks.mfaRequired?.('SMS_MFA', {}));
    expect(await login('a@b.de', 'x')).toEqual({ status: 'LOGIN_FAILED', code: 'MfaNotSupported' });
  });
});

describe('refresh scheduling', () => {
  it('renews the tokens shortly before they expire (drift-adjusted) and reschedules with the new ones', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    const start = Date.now();
    succeed(fakeSession({ lifetime: 3600, clockDrift: 60 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerRefresh(fakeSession({ tag: 'renewed', lifetime: 3600 }));

    const dueMs = (3600 + 60 - REFRESH_LEAD_MAX_SECONDS) * 1000;
    jest.advanceTimersByTime(dueMs - 1000);
    expect(refreshCalls()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(refreshCalls()).toEqual(['refresh-1']);
    expect(fakeCognito.request.mock.calls[0]![1]).toEqual({
      ClientId: 'erdlocalclient',
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(sessionStore.getState().claims?.tag).toBe('renewed');
    // The library's copy follows (its user is the sub it switched to after SRP).
    expect(fakeCognito.users.at(-1)?.username).toBe('sub-1');
    expect(fakeCognito.users.at(-1)?.session?.getIdToken().decodePayload().tag).toBe('renewed');
    expect(sessionStore.getState().tokens?.refreshToken).toBe('refresh-1');

    // The renewed session (issued now, 1 h) is renewed again 55 min later.
    const renewedAt = Date.now();
    expect(renewedAt - start).toBe(dueMs);
    await jest.advanceTimersByTimeAsync((3600 - REFRESH_LEAD_MAX_SECONDS) * 1000);
    expect(refreshCalls()).toHaveLength(2);
  });

  it('tries a transient failure three times, then again later, and keeps the session', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession({ lifetime: 3600 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerRefresh(cognitoError('NetworkError', 'Network error'));

    await jest.advanceTimersByTimeAsync((3600 - REFRESH_LEAD_MAX_SECONDS) * 1000);
    expect(refreshCalls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(REFRESH_ATTEMPT_DELAYS_MS[0]);
    expect(refreshCalls()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(REFRESH_ATTEMPT_DELAYS_MS[1]);
    expect(refreshCalls()).toHaveLength(3);
    expect(sessionStore.getState().status).toBe('LOGGED_IN');
    await jest.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refreshCalls()).toHaveLength(4);
  });

  it('recovers when a transient failure passes', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerRefresh((attempt) =>
      attempt === 0 ? cognitoError('InternalErrorException', 'Internal server error.') : fakeSession({ tag: 'second' }),
    );
    const renewed = refreshSession();
    await jest.advanceTimersByTimeAsync(REFRESH_ATTEMPT_DELAYS_MS[0]);
    await expect(renewed).resolves.toBe(true);
    expect(sessionStore.getState().claims?.tag).toBe('second');
  });

  it('clears the session when the refresh token is refused (not authorised)', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    sessionStorage.setItem('CognitoIdentityServiceProvider.erdlocalclient.sub-1.idToken', 'x');
    answerRefresh(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));

    // At once: no retries for a refused token.
    await expect(refreshSession()).resolves.toBe(false);
    expect(refreshCalls()).toHaveLength(1);
    expect(sessionStore.getState()).toMatchObject(empty);
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.erdlocalclient.sub-1.idToken')).toBeNull();
  });

  it('shares one request between concurrent refreshes', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    let answer: (() => void) | undefined;
    fakeCognito.request.mockImplementation((_op, _params, callback) => {
      const session = fakeSession({ tag: 'b' });
      answer = () =>
        callback(null, {
          AuthenticationResult: { IdToken: session.getIdToken().getJwtToken(), AccessToken: session.getAccessToken().getJwtToken() },
        });
    });
    const first = refreshSession();
    const second = refreshSession();
    answer?.();
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('stops when the session is cleared elsewhere', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession({ lifetime: 3600 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    sessionStore.getState().clear();
    await jest.advanceTimersByTimeAsync(3 * 3600 * 1000);
    expect(refreshCalls()).toEqual([]);
  });
});

describe('refresh timing with short-lived tokens (5 minutes, the shortest a Cognito pool allows)', () => {
  const HOUR_MS = 3600 * 1000;
  /** Each refresh answers after 50 ms (a network's round trip), e.g. with tokens issued then. */
  const answerAfterRoundTrip = (answer: () => ReturnType<typeof fakeSession> | Error, sentAt: number[] = []) =>
    fakeCognito.request.mockImplementation((_operation, _params, callback) => {
      sentAt.push(Date.now());
      setTimeout(() => {
        const result = answer();
        if (result instanceof Error) callback(result);
        else callback(null, refreshAnswer(result));
      }, 50);
    });
  const freshFiveMinuteTokens = (sentAt?: number[]) => answerAfterRoundTrip(() => fakeSession({ lifetime: 300, tag: 'renewed' }), sentAt);

  it('renews once per lifetime, at 4 of 5 minutes: 15 refreshes in an idle hour, and the session never lapses', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession({ lifetime: 300 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    const start = Date.now();
    const sentAt: number[] = [];
    freshFiveMinuteTokens(sentAt);

    // Minute by minute (a storm stops the loop early instead of running forever).
    for (let minute = 0; minute < 60 && refreshCalls().length <= 100; minute += 1) {
      await jest.advanceTimersByTimeAsync(60_000);
      expect(sessionStore.getState().tokens?.accessTokenExpiresAt).toBeGreaterThan(Date.now() / 1000);
    }
    expect(refreshCalls()).toHaveLength(15);
    // Issued in whole seconds: the next renewal is 240 s after the (rounded) issue time.
    expect(sentAt.slice(0, 3).map((t) => (t - start) / 1000)).toEqual([240, 480, 720]);
    expect(Date.now() - start).toBe(HOUR_MS);
  });

  it('counts the lifetime from the issue time: renews 1-hour tokens 5 minutes and 5-minute tokens 1 minute before expiry (drift-adjusted)', () => {
    const tokens = (lifetime: number, clockDrift = 0) => ({
      idToken: fakeJwt({ iat: 1_000_000, exp: 1_000_000 + lifetime }),
      accessToken: fakeJwt({ iat: 1_000_000, exp: 1_000_000 + lifetime }),
      clockDrift,
      idTokenExpiresAt: 1_000_000 + lifetime,
      accessTokenExpiresAt: 1_000_000 + lifetime,
    });
    expect(refreshDueAt(tokens(3600))).toBe((1_000_000 + 3600 - REFRESH_LEAD_MAX_SECONDS) * 1000);
    expect(refreshDueAt(tokens(300))).toBe((1_000_000 + 240) * 1000);
    expect(refreshDueAt(tokens(300, 30))).toBe((1_000_000 + 270) * 1000);
  });

  it('never refreshes more than once a minute, even for tokens that expire as they are issued', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession({ lifetime: 300 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerAfterRoundTrip(() => fakeSession({ lifetime: 0 }));
    for (let minute = 0; minute < 60 && refreshCalls().length <= 100; minute += 1) await jest.advanceTimersByTimeAsync(60_000);
    // 1 at 4 minutes, then one a minute.
    expect(refreshCalls().length).toBeLessThanOrEqual(1 + (HOUR_MS - 240_000) / MIN_REFRESH_INTERVAL_MS);
    expect(refreshCalls().length).toBeGreaterThan(1);
  });

  it('backs off after failures (30 s, 1, 2, 4, 8 min, then every 10 min) and is back on the lifetime once the service answers', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    succeed(fakeSession({ lifetime: 300 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerAfterRoundTrip(() => cognitoError('NetworkError', 'Network error'));

    for (let minute = 0; minute < 60 && refreshCalls().length <= 100; minute += 1) await jest.advanceTimersByTimeAsync(60_000);
    // Each failed refresh is three requests; the waits between them grow to REFRESH_RETRY_MAX_MS.
    const failedRefreshes = refreshCalls().length / 3;
    expect(Number.isInteger(failedRefreshes)).toBe(true);
    // 4 min, then waits of 0.5 min, 1, 2, 4, 8, 10, 10, 10, 10 … within the hour
    let t = 240_000 + 2150;
    let expected = 1;
    for (let n = 1; n < 100; n += 1) {
      t += Math.min(REFRESH_RETRY_MAX_MS, REFRESH_RETRY_MS * 2 ** (n - 1));
      if (t > HOUR_MS) break;
      expected += 1;
      t += 2150;
    }
    expect(failedRefreshes).toBe(expected);
    expect(failedRefreshes).toBeLessThan(12);
    expect(sessionStore.getState().status).toBe('LOGGED_IN');

    freshFiveMinuteTokens();
    const before = refreshCalls().length;
    await jest.advanceTimersByTimeAsync(REFRESH_RETRY_MAX_MS);
    expect(refreshCalls().length).toBe(before + 1);
    for (let minute = 0; minute < 60 && refreshCalls().length <= before + 100; minute += 1) await jest.advanceTimersByTimeAsync(60_000);
    expect(refreshCalls().length).toBe(before + 1 + 15);
  });
});

describe('start (a stored session after a reload)', () => {
  const stored = (lifetime: number, iat = Math.floor(Date.now() / 1000)): SessionData => {
    const s = fakeSession({ lifetime, iat });
    return {
      status: 'LOGGED_IN',
      email: 'trainer@tsv-eching.example',
      claims: s.getIdToken().decodePayload() as SessionData['claims'],
      tokens: {
        idToken: s.getIdToken().getJwtToken(),
        accessToken: s.getAccessToken().getJwtToken(),
        refreshToken: 'refresh-stored',
        clockDrift: 0,
        idTokenExpiresAt: iat + lifetime,
        accessTokenExpiresAt: iat + lifetime,
      },
    };
  };

  it('registers the refresher and schedules the refresh of a valid session', async () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    sessionStore.setState(stored(3600));
    answerRefresh(fakeSession({ tag: 'c' }));
    await startSession();
    expect(sessionStore.getState().refresh).toBe(refreshSession);
    expect(refreshCalls()).toEqual([]);
    await jest.advanceTimersByTimeAsync((3600 - REFRESH_LEAD_MAX_SECONDS) * 1000);
    expect(refreshCalls()).toEqual(['refresh-stored']);
    expect(sessionStore.getState().tokens?.refreshToken).toBe('refresh-stored');
  });

  it('refreshes an expired session at once', async () => {
    sessionStore.setState(stored(3600, Math.floor(Date.now() / 1000) - 7200));
    answerRefresh(fakeSession({ tag: 'd' }));
    await startSession();
    expect(refreshCalls()).toHaveLength(1);
    expect(sessionStore.getState().tokens?.accessTokenExpiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('does nothing without a stored session', async () => {
    await startSession();
    expect(fakeCognito.request).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBeNull();
  });
});

describe('401 from the API: refresh once through the axios client', () => {
  async function signedIn() {
    succeed(fakeSession({ tag: 'old' }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    return sessionStore.getState().tokens!.accessToken;
  }

  it('renews the tokens and repeats the request with the new access token', async () => {
    const oldToken = await signedIn();
    const renewed = fakeSession({ tag: 'new' });
    const newToken = renewed.getAccessToken().getJwtToken();
    answerRefresh(renewed);
    const xhr = mockXhr({
      'GET /api/me': (_url, init) =>
        init.headers.authorization === `Bearer ${newToken}`
          ? { body: { email: 'trainer@tsv-eching.example' } }
          : { status: 401, body: { code: 'Unauthorized' } },
    });

    const response = await createHttpClient({ authenticated: true }).get('/api/me');

    expect(response.data).toEqual({ email: 'trainer@tsv-eching.example' });
    expect(refreshCalls()).toHaveLength(1);
    expect(xhr.mock.calls.map(([, init]) => init.headers.authorization)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
  });

  it('refreshes only once: a second 401 is the answer', async () => {
    await signedIn();
    answerRefresh(fakeSession({ tag: 'new' }));
    const xhr = mockXhr({ 'GET /api/me': { status: 401, body: { code: 'Unauthorized', message: 'Invalid Access Token' } } });

    const error = await createHttpClient({ authenticated: true })
      .get('/api/me')
      .catch((e: unknown) => e);

    expect(isApiError(error) && error.status).toBe(401);
    expect(refreshCalls()).toHaveLength(1);
    expect(xhr).toHaveBeenCalledTimes(2);
  });

  it('drops the request when the refresh is refused, and the session is cleared', async () => {
    await signedIn();
    answerRefresh(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    const xhr = mockXhr({ 'GET /api/me': { status: 401, body: { code: 'Unauthorized' } } });

    const error = await createHttpClient({ authenticated: true })
      .get('/api/me')
      .catch((e: unknown) => e);

    expect(isApiError(error) && error.status).toBe(401);
    expect(xhr).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().status).toBeNull();
  });
});

describe('sign-out', () => {
  const expiredSession = (refreshToken?: string) => {
    const iat = Math.floor(Date.now() / 1000) - 7200;
    sessionStore.setState({
      status: 'LOGGED_IN',
      email: 'a@b.de',
      claims: { sub: 'sub-1', email: 'a@b.de', iat, exp: iat + 3600 },
      tokens: {
        idToken: fakeJwt({ sub: 'sub-1', iat, exp: iat + 3600 }),
        accessToken: fakeJwt({ sub: 'sub-1', iat, exp: iat + 3600 }),
        ...(refreshToken ? { refreshToken } : {}),
        clockDrift: 0,
        idTokenExpiresAt: iat + 3600,
        accessTokenExpiresAt: iat + 3600,
      },
    });
  };

  /** Answers RevokeToken through the library's transport: `answer(retry)` is an error or null (success). */
  const answerRevoke = (answer: (retry: number) => Error | null) => {
    let retry = 0;
    fakeCognito.request.mockImplementation((operation, _params, callback) => {
      if (operation !== 'RevokeToken') return callback(cognitoError('UnknownOperationException'));
      const error = answer(retry++);
      return error ? callback(error) : callback(null, {});
    });
  };
  const revokeCalls = () => fakeCognito.request.mock.calls.filter(([operation]) => operation === 'RevokeToken');

  it("'Ausloggen' revokes this device's refresh token only, then signs out locally and clears the session", async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    sessionStorage.setItem('CognitoIdentityServiceProvider.erdlocalclient.sub-1.accessToken', 'x');
    answerRevoke(() => null);

    await signOut();

    expect(revokeCalls()).toHaveLength(1);
    expect(revokeCalls()[0]![1]).toEqual({ Token: 'refresh-1', ClientId: 'erdlocalclient' });
    expect(fakeCognito.globalSignOut).not.toHaveBeenCalled();
    expect(fakeCognito.signOut).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState()).toMatchObject(empty);
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.erdlocalclient.sub-1.accessToken')).toBeNull();
  });

  it("retries a transient failure with the spec's back-off (100 ms doubling, up to 100 ms jitter)", async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    answerRevoke((retry) => (retry < 2 ? cognitoError('NetworkError', 'Network error') : null));

    const done = signOut();
    await jest.advanceTimersByTimeAsync(149);
    expect(revokeCalls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(revokeCalls()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(250);
    await done;

    expect(revokeCalls()).toHaveLength(3);
    expect(sessionStore.getState().status).toBeNull();
  });

  it('gives up instead of waiting beyond 5 s, and clears the session anyway (offline)', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.99);
    answerRevoke(() => cognitoError('NetworkError', 'Network error'));

    const done = signOut();
    await jest.advanceTimersByTimeAsync(7_000);
    await expect(done).resolves.toBeUndefined();

    // Waits of 100, 200, 400, 800, 1,600 and 3,200 ms (plus jitter); the next, 6,400, is beyond 5 s.
    expect(revokeCalls()).toHaveLength(7);
    expect(sessionStore.getState().status).toBeNull();
  });

  it('does not retry a refused token (e.g. after the account was deleted): one call, then cleared', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerRevoke(() => cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    await expect(signOut()).resolves.toBeUndefined();
    expect(revokeCalls()).toHaveLength(1);
    expect(sessionStore.getState().status).toBeNull();
  });

  it('revokes the refresh token of an expired session too, and clears it', async () => {
    expiredSession('refresh-old');
    answerRevoke(() => null);
    await signOut();
    expect(revokeCalls()).toHaveLength(1);
    expect(revokeCalls()[0]![1]).toMatchObject({ Token: 'refresh-old' });
    expect(sessionStore.getState().status).toBeNull();
  });

  it('skips the service for a session without a refresh token and clears it', async () => {
    expiredSession();
    await signOut();
    expect(revokeCalls()).toHaveLength(0);
    expect(sessionStore.getState().status).toBeNull();
  });
});

describe('sign-out everywhere', () => {
  it('signs out globally at the identity service, then locally, and clears the session', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');

    await expect(signOutEverywhere()).resolves.toBe(true);

    expect(fakeCognito.globalSignOut).toHaveBeenCalledTimes(1);
    const [user] = fakeCognito.globalSignOut.mock.calls[0]!;
    expect(user.session?.getAccessToken().getJwtToken()).toBeTruthy();
    expect(fakeCognito.request.mock.calls.filter(([operation]) => operation === 'RevokeToken')).toHaveLength(0);
    expect(fakeCognito.signOut).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState()).toMatchObject(empty);
  });

  it('keeps this device signed in and answers false when the identity service refuses', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    fakeCognito.globalSignOut.mockImplementation((_u, callbacks) => callbacks.onFailure(cognitoError('NetworkError', 'Network error')));

    await expect(signOutEverywhere()).resolves.toBe(false);

    expect(sessionStore.getState().status).toBe('LOGGED_IN');
    expect(fakeCognito.signOut).not.toHaveBeenCalled();
  });

  it('clears this device when the service refuses its access token (its session has ended already)', async () => {
    succeed(fakeSession());
    await login('trainer@tsv-eching.example', 'Geheim#123');
    fakeCognito.globalSignOut.mockImplementation((_u, callbacks) =>
      callbacks.onFailure(cognitoError('NotAuthorizedException', 'Access Token has been revoked')),
    );

    await expect(signOutEverywhere()).resolves.toBe(false);

    expect(sessionStore.getState().status).toBeNull();
  });

  it('renews an expired session first, then signs out with the new access token', async () => {
    succeed(fakeSession({ iat: Math.floor(Date.now() / 1000) - 7200 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    const renewed = fakeSession({ tag: 'renewed' });
    answerRefresh(renewed);

    await expect(signOutEverywhere()).resolves.toBe(true);

    expect(refreshCalls()).toHaveLength(1);
    const [user] = fakeCognito.globalSignOut.mock.calls[0]!;
    expect(user.session?.getAccessToken().getJwtToken()).toBe(renewed.getAccessToken().getJwtToken());
    expect(sessionStore.getState().status).toBeNull();
  });

  it('answers false without a call when the session cannot be renewed', async () => {
    succeed(fakeSession({ iat: Math.floor(Date.now() / 1000) - 7200 }));
    await login('trainer@tsv-eching.example', 'Geheim#123');
    answerRefresh(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));

    await expect(signOutEverywhere()).resolves.toBe(false);

    expect(fakeCognito.globalSignOut).not.toHaveBeenCalled();
  });

  it('is registered in the shared store with the sign-out', async () => {
    await startSession();
    expect(sessionStore.getState().signOut).toBe(signOut);
    expect(sessionStore.getState().signOutEverywhere).toBe(signOutEverywhere);
  });
});
