/**
 * A stand-in for amazon-cognito-identity-js at its module boundary (unit tests only; the real
 * library is exercised against the identity service end to end). Use in a test file with
 *   jest.mock('amazon-cognito-identity-js', () => jest.requireActual('<path>/testing/fake-cognito').fakeCognitoModule);
 * and steer it through `fakeCognito`.
 */

export interface FakeAuthCallbacks {
  onSuccess: (session: FakeUserSession) => void;
  onFailure: (error: unknown) => void;
  newPasswordRequired?: (a: unknown, b: unknown) => void;
  customChallenge?: (p: unknown) => void;
  mfaRequired?: (c: unknown, p: unknown) => void;
}

type RefreshCallback = (error: unknown, session: FakeUserSession | null) => void;
type RequestCallback = (error: unknown, data?: unknown) => void;

export const fakeCognito = {
  pools: [] as Record<string, unknown>[],
  users: [] as FakeUser[],
  /** Decides the outcome of authenticateUser. */
  authenticate: jest.fn<void, [FakeUser, { Username: string; Password?: string }, FakeAuthCallbacks]>(),
  /** Decides the outcome of refreshSession (the library's own refresh, which retries every error). */
  refresh: jest.fn<void, [FakeUser, string, RefreshCallback]>(),
  /** The library's transport, `pool.client.request(operation, params, callback)`. */
  request: jest.fn<void, [string, Record<string, unknown>, RequestCallback]>(),
  globalSignOut: jest.fn<void, [FakeUser, { onSuccess: (msg: string) => void; onFailure: (err: unknown) => void }]>(),
  signOut: jest.fn<void, [FakeUser]>(),
  reset() {
    this.pools.length = 0;
    this.users.length = 0;
    this.authenticate.mockReset();
    this.refresh.mockReset();
    this.request.mockReset();
    this.globalSignOut.mockReset().mockImplementation((_user, callbacks) => callbacks.onSuccess('SUCCESS'));
    this.signOut.mockReset();
  },
};

const b64url = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

/** A JWT-shaped string whose payload the fake tokens decode (no signature). */
export function fakeJwt(payload: Record<string, unknown>): string {
  return `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify(payload))}.sig`;
}

class FakeJwtToken {
  constructor(private readonly token: string) {}
  getJwtToken() {
    return this.token;
  }
  decodePayload(): Record<string, unknown> {
    try {
      return JSON.parse(Buffer.from(this.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  getExpiration() {
    return this.decodePayload().exp as number;
  }
  getIssuedAt() {
    return this.decodePayload().iat as number;
  }
}

class CognitoIdToken extends FakeJwtToken {
  constructor({ IdToken }: { IdToken: string }) {
    super(IdToken);
  }
}
class CognitoAccessToken extends FakeJwtToken {
  constructor({ AccessToken }: { AccessToken: string }) {
    super(AccessToken);
  }
}
class CognitoRefreshToken {
  constructor(private readonly data: { RefreshToken: string }) {}
  getToken() {
    return this.data.RefreshToken;
  }
}

export class FakeUserSession {
  readonly idToken: CognitoIdToken;
  readonly accessToken: CognitoAccessToken;
  readonly refreshToken: CognitoRefreshToken;
  readonly clockDrift: number;
  constructor({
    IdToken,
    AccessToken,
    RefreshToken,
    ClockDrift,
  }: {
    IdToken: CognitoIdToken;
    AccessToken: CognitoAccessToken;
    RefreshToken?: CognitoRefreshToken;
    ClockDrift?: number;
  }) {
    this.idToken = IdToken;
    this.accessToken = AccessToken;
    this.refreshToken = RefreshToken ?? new CognitoRefreshToken({ RefreshToken: '' });
    // As the library: without a saved drift it is now minus the earlier issued-at time.
    this.clockDrift = ClockDrift ?? Math.floor(Date.now() / 1000) - Math.min(IdToken.getIssuedAt(), AccessToken.getIssuedAt());
  }
  getIdToken() {
    return this.idToken;
  }
  getAccessToken() {
    return this.accessToken;
  }
  getRefreshToken() {
    return this.refreshToken;
  }
  getClockDrift() {
    return this.clockDrift;
  }
}

/** A session as the library would return it after a login or refresh. */
export function fakeSession({
  email = 'trainer@tsv-eching.example',
  club = 'club-10001-m',
  iat = Math.floor(Date.now() / 1000),
  lifetime = 3600,
  refreshToken = 'refresh-1',
  clockDrift = 0,
  tag = 'a',
}: { email?: string; club?: string; iat?: number; lifetime?: number; refreshToken?: string; clockDrift?: number; tag?: string } = {}) {
  const exp = iat + lifetime;
  return new FakeUserSession({
    IdToken: new CognitoIdToken({
      IdToken: fakeJwt({ sub: 'sub-1', email, 'custom:club': club, 'cognito:username': 'sub-1', token_use: 'id', iat, exp, tag }),
    }),
    AccessToken: new CognitoAccessToken({ AccessToken: fakeJwt({ sub: 'sub-1', token_use: 'access', iat, exp, tag }) }),
    RefreshToken: new CognitoRefreshToken({ RefreshToken: refreshToken }),
    ClockDrift: clockDrift,
  });
}

class CognitoUserPool {
  readonly client = {
    request: (operation: string, params: Record<string, unknown>, callback: RequestCallback) =>
      fakeCognito.request(operation, params, callback),
  };
  constructor(readonly data: Record<string, unknown>) {
    fakeCognito.pools.push(data);
  }
  getClientId() {
    return this.data.ClientId as string;
  }
  getUserPoolId() {
    return this.data.UserPoolId as string;
  }
}

export class FakeUser {
  readonly username: string;
  readonly storage: unknown;
  readonly pool: CognitoUserPool;
  flowType = 'USER_SRP_AUTH';
  session: FakeUserSession | null = null;
  constructor({ Username, Pool, Storage }: { Username: string; Pool: CognitoUserPool; Storage?: unknown }) {
    this.username = Username;
    this.pool = Pool;
    this.storage = Storage;
    fakeCognito.users.push(this);
  }
  setAuthenticationFlowType(type: string) {
    this.flowType = type;
  }
  authenticateUser(details: AuthenticationDetails, callbacks: FakeAuthCallbacks) {
    fakeCognito.authenticate(this, details.data, callbacks);
  }
  refreshSession(token: CognitoRefreshToken, callback: RefreshCallback) {
    fakeCognito.refresh(this, token.getToken(), callback);
  }
  setSignInUserSession(session: FakeUserSession) {
    this.session = session;
  }
  globalSignOut(callbacks: { onSuccess: (msg: string) => void; onFailure: (err: unknown) => void }) {
    fakeCognito.globalSignOut(this, callbacks);
  }
  signOut() {
    fakeCognito.signOut(this);
  }
}

class AuthenticationDetails {
  constructor(readonly data: { Username: string; Password?: string }) {}
}

/** What the service answers to InitiateAuth REFRESH_TOKEN_AUTH for a session (no new refresh token). */
export function refreshAnswer(session: FakeUserSession) {
  return {
    AuthenticationResult: {
      IdToken: session.getIdToken().getJwtToken(),
      AccessToken: session.getAccessToken().getJwtToken(),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    },
  };
}

/** Answers every InitiateAuth refresh with `answer` (a session, an error, or a function of the attempt). */
export function answerRefresh(answer: FakeUserSession | Error | ((attempt: number) => FakeUserSession | Error)) {
  let attempt = 0;
  fakeCognito.request.mockImplementation((operation, _params, callback) => {
    if (operation !== 'InitiateAuth') return callback(cognitoError('UnknownOperationException'));
    const result = typeof answer === 'function' ? answer(attempt++) : answer;
    return result instanceof Error ? callback(result) : callback(null, refreshAnswer(result));
  });
}

/** The refresh tokens sent with InitiateAuth REFRESH_TOKEN_AUTH so far. */
export function refreshCalls(): string[] {
  return fakeCognito.request.mock.calls
    .filter(([operation, params]) => operation === 'InitiateAuth' && params.AuthFlow === 'REFRESH_TOKEN_AUTH')
    .map(([, params]) => (params.AuthParameters as { REFRESH_TOKEN: string }).REFRESH_TOKEN);
}

/** An error as the library reports it (code and name from the service's `__type`). */
export function cognitoError(code: string, message = code): Error & { code: string } {
  return Object.assign(new Error(message), { code, name: code });
}

export const fakeCognitoModule = {
  CognitoUserPool,
  CognitoUser: FakeUser,
  AuthenticationDetails,
  CognitoIdToken,
  CognitoAccessToken,
  CognitoRefreshToken,
  CognitoUserSession: FakeUserSession,
};
