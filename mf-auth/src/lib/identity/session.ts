import {
  AuthenticationDetails,
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserSession,
} from 'amazon-cognito-identity-js';
import {
  isSessionValid,
  sessionStore,
  type IdTokenClaims,
  type SessionData,
  type SessionStatus,
  type SessionTokens,
} from '@erd/shared-contracts';
import { cognitoSessionStorage } from './storage';
import { getUserPool } from './user-pool';
import { normalizeEmail } from '../email';

/**
 * The sign-in core of the site (spec §4 "Login and sessions"): SRP login through
 * amazon-cognito-identity-js, the session in the shared store (`bfv-erd-session`, session
 * storage), the refresh with the refresh token shortly before expiry and once on a 401 (the
 * axios client calls the registered refresher), and the sign-out. mf-auth's screens use it
 * directly; the host reaches it through the `./session` expose.
 */

/**
 * When to renew: before the earlier of the two expirations by this share of the tokens' lifetime,
 * but at most `REFRESH_LEAD_MAX_SECONDS` before it. 1-hour tokens: at 55 minutes; 5-minute tokens
 * (the shortest a Cognito pool allows): at 4 minutes. A fixed lead as long as the lifetime would
 * renew at once, every time (issue 22: 857 refreshes in 10 s).
 */
export const REFRESH_LEAD_SHARE = 0.2;
export const REFRESH_LEAD_MAX_SECONDS = 5 * 60;
/**
 * Floor between two scheduled refreshes, whatever the tokens say (a lifetime of 0, a clock that
 * jumps): tokens of a sane lifetime never reach it; broken ones cost one request a minute, not a storm.
 */
export const MIN_REFRESH_INTERVAL_MS = 60_000;
/** After a refresh that failed for another reason than a refused token (network): first wait, doubled per failure… */
export const REFRESH_RETRY_MS = 30_000;
/** …up to this. */
export const REFRESH_RETRY_MAX_MS = 10 * 60_000;
/** Sign-out waits at most this long for the identity service, then clears locally anyway. */
export const SIGN_OUT_TIMEOUT_MS = 8_000;
/**
 * Spec §7: RevokeToken retries wait 100 ms, doubling, plus up to 100 ms of random jitter, and give
 * up instead of waiting beyond 5 s (100, 200 … 3,200 ms: six retries, about 6.3 s in all).
 */
export const REVOKE_FIRST_DELAY_MS = 100;
export const REVOKE_JITTER_MS = 100;
export const REVOKE_MAX_DELAY_MS = 5_000;
const MAX_TIMER_MS = 2_147_483_647;

export type LoginResult =
  | { status: 'LOGGED_IN' }
  | { status: 'NEW_PASSWORD_REQUIRED' }
  | { status: 'CUSTOM_CHALLENGE' }
  /** `code` is the identity service's error code, e.g. NotAuthorizedException, UserNotConfirmedException, NetworkError. */
  | { status: 'LOGIN_FAILED'; code: string; message?: string };

interface CognitoLikeError {
  code?: string;
  name?: string;
  message?: string;
}

/** Parts of the library's session the type declarations leave out (present in 6.3: src/CognitoUserSession.js). */
type SessionWithDrift = CognitoUserSession & { getClockDrift(): number };
type SessionDataWithDrift = ConstructorParameters<typeof CognitoUserSession>[0] & { ClockDrift?: number };

const errorCode = (error: unknown): string => {
  const e = (error ?? {}) as CognitoLikeError;
  return e.code || e.name || 'UnknownError';
};

export function toSessionData(session: CognitoUserSession, email: string): SessionData {
  const idToken = session.getIdToken();
  const accessToken = session.getAccessToken();
  const refreshToken = session.getRefreshToken()?.getToken();
  const tokens: SessionTokens = {
    idToken: idToken.getJwtToken(),
    accessToken: accessToken.getJwtToken(),
    ...(refreshToken ? { refreshToken } : {}),
    clockDrift: (session as SessionWithDrift).getClockDrift?.() ?? 0,
    idTokenExpiresAt: idToken.getExpiration(),
    accessTokenExpiresAt: accessToken.getExpiration(),
  };
  const claims = idToken.decodePayload() as IdTokenClaims;
  return { status: 'LOGGED_IN', email: claims.email ?? email, claims, tokens };
}

const failedSession = (status: SessionStatus, email: string): SessionData => ({ status, email, claims: null, tokens: null });

/** The library's user for the stored session (username = the sub the library switched to after SRP). */
function userFromStore(state: SessionData): CognitoUser | null {
  const { tokens, claims } = state;
  if (!tokens) return null;
  const username = (typeof claims?.['cognito:username'] === 'string' ? claims['cognito:username'] : claims?.sub) || state.email;
  if (!username) return null;
  const user = new CognitoUser({ Username: username, Pool: getUserPool(), Storage: cognitoSessionStorage });
  const data: SessionDataWithDrift = {
    IdToken: new CognitoIdToken({ IdToken: tokens.idToken }),
    AccessToken: new CognitoAccessToken({ AccessToken: tokens.accessToken }),
    RefreshToken: new CognitoRefreshToken({ RefreshToken: tokens.refreshToken ?? '' }),
    ClockDrift: tokens.clockDrift,
  };
  user.setSignInUserSession(new CognitoUserSession(data));
  return user;
}

// ---- refresh scheduling -------------------------------------------------------------------

let timer: ReturnType<typeof setTimeout> | null = null;
/** Local time (ms) of the last refresh request, 0 = none yet in this page. */
let lastRefreshAt = 0;
/** Refreshes in a row that failed without refusing the token (network, 5xx): the back-off's exponent. */
let failures = 0;

function cancelTimer(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/** A token's `iat` (issuer seconds), NaN when it has none. */
function issuedAtOf(token: CognitoIdToken | CognitoAccessToken): number {
  try {
    const iat: unknown = token.getIssuedAt();
    return typeof iat === 'number' ? iat : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Local time (ms) at which the session should be renewed: before the earlier expiry by a share of
 * the lifetime (at most REFRESH_LEAD_MAX_SECONDS), drift-adjusted (issuer time + drift = local time).
 */
export function refreshDueAt(tokens: SessionTokens): number {
  const expiresAt = Math.min(tokens.accessTokenExpiresAt, tokens.idTokenExpiresAt);
  const issuedAt = Math.max(
    issuedAtOf(new CognitoIdToken({ IdToken: tokens.idToken })),
    issuedAtOf(new CognitoAccessToken({ AccessToken: tokens.accessToken })),
  );
  // Without an `iat` the lifetime is unknown: the longest lead (MIN_REFRESH_INTERVAL_MS still bounds the rate).
  const lifetime = Number.isFinite(issuedAt) ? Math.max(0, expiresAt - issuedAt) : Infinity;
  const lead = Math.min(REFRESH_LEAD_MAX_SECONDS, lifetime * REFRESH_LEAD_SHARE);
  return (expiresAt + tokens.clockDrift - lead) * 1000;
}

/** The wait before the next try after `failures` failed refreshes in a row (30 s, 1 min, 2 min, … 10 min). */
export function retryDelayMs(failureCount: number): number {
  return Math.min(REFRESH_RETRY_MAX_MS, REFRESH_RETRY_MS * 2 ** Math.max(0, failureCount - 1));
}

function schedule(atMs: number): void {
  cancelTimer();
  timer = setTimeout(onTimer, Math.min(Math.max(0, atMs - Date.now()), MAX_TIMER_MS));
}

function scheduleRefresh(): void {
  const { status, tokens } = sessionStore.getState();
  if (status !== 'LOGGED_IN' || !tokens?.refreshToken) {
    cancelTimer();
    return;
  }
  schedule(Math.max(refreshDueAt(tokens), lastRefreshAt + MIN_REFRESH_INTERVAL_MS));
}

function onTimer(): void {
  timer = null;
  const { tokens } = sessionStore.getState();
  if (!tokens?.refreshToken) return;
  if (Date.now() < refreshDueAt(tokens)) {
    scheduleRefresh(); // woke early (timer cap)
    return;
  }
  void refreshSession().then((renewed) => {
    // Not renewed but still signed in: the service was unreachable; try again later, less often each time.
    if (!renewed && sessionStore.getState().tokens?.refreshToken && timer === null) schedule(Date.now() + retryDelayMs(failures));
  });
}

// ---- refresh ------------------------------------------------------------------------------

let inFlight: Promise<boolean> | null = null;

/** Waits before the 2nd and 3rd attempt of a refresh that failed for a transient reason. */
export const REFRESH_ATTEMPT_DELAYS_MS = [500, 1500] as const;

const TRANSIENT_CODES = new Set(['NetworkError', 'InternalErrorException', 'TooManyRequestsException', 'ServiceUnavailable']);

interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

/** The library's own transport (`CognitoUserPool#client`, not in its type declarations). */
type PoolClient = {
  request: (
    operation: string,
    params: object,
    callback: (error: unknown, data?: { AuthenticationResult?: AuthenticationResult }) => void,
  ) => void;
};

const poolClient = (pool: ReturnType<typeof getUserPool>) => (pool as unknown as { client: PoolClient }).client;

function initiateRefresh(refreshToken: string): Promise<AuthenticationResult> {
  const pool = getUserPool();
  const client = poolClient(pool);
  return new Promise((resolve, reject) => {
    client.request(
      'InitiateAuth',
      { ClientId: pool.getClientId(), AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } },
      (error, data) => {
        if (error) reject(error);
        else if (!data?.AuthenticationResult?.IdToken || !data.AuthenticationResult.AccessToken)
          reject(Object.assign(new Error('no tokens'), { code: 'InvalidResponse' }));
        else resolve(data.AuthenticationResult);
      },
    );
  });
}

/**
 * Renews the tokens with the refresh token. Resolves true when renewed; a refused refresh token
 * (NotAuthorizedException) clears the session at once; a transient failure (network, 5xx) is
 * tried twice more, then left to the timer. Concurrent callers share one request.
 *
 * The request goes through the library's transport (`pool.client`), not `refreshSession`: that
 * one retries every error, a refused token included, for about 6 seconds (reference pitfall 7),
 * which would hold every 401 that long after a sign-out elsewhere.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runRefresh(): Promise<boolean> {
  const state = sessionStore.getState();
  const refreshToken = state.tokens?.refreshToken;
  if (state.status !== 'LOGGED_IN' || !refreshToken) return false;
  const email = state.email ?? '';
  // Signed out (or signed in anew) meanwhile: an answer is stale.
  const stale = () => sessionStore.getState().tokens?.refreshToken !== refreshToken;

  for (let attempt = 0; ; attempt += 1) {
    let result: AuthenticationResult;
    lastRefreshAt = Date.now();
    try {
      result = await initiateRefresh(refreshToken);
    } catch (error) {
      if (stale()) return false;
      const code = errorCode(error);
      if (code === 'NotAuthorizedException') {
        clearLocal();
        return false;
      }
      const delay = REFRESH_ATTEMPT_DELAYS_MS[attempt];
      if (!TRANSIENT_CODES.has(code) || delay === undefined) {
        failures += 1;
        return false;
      }
      await wait(delay);
      if (stale()) return false;
      continue;
    }
    if (stale()) return false;
    failures = 0;
    const data: SessionDataWithDrift = {
      IdToken: new CognitoIdToken({ IdToken: result.IdToken }),
      AccessToken: new CognitoAccessToken({ AccessToken: result.AccessToken }),
      // No rotation (reference pitfall 12): the old refresh token stays.
      RefreshToken: new CognitoRefreshToken({ RefreshToken: result.RefreshToken ?? refreshToken }),
    };
    const session = new CognitoUserSession(data);
    try {
      // Keeps the library's copy (session storage) in step, as its own refresh would.
      userFromStore(state)?.setSignInUserSession(session);
    } catch {
      // the library's copy is a cache only
    }
    sessionStore.getState().setSession(toSessionData(session, email));
    return true;
  }
}

// ---- login / sign-out ----------------------------------------------------------------------

/**
 * SRP login (USER_SRP_AUTH). Every outcome is written to the store as the session status;
 * LOGGED_IN also stores e-mail, the id token's claims and the tokens, and starts the refresh.
 */
export function login(emailInput: string, password: string): Promise<LoginResult> {
  const email = normalizeEmail(emailInput);
  const { setSession } = sessionStore.getState();
  startSession();
  return new Promise<LoginResult>((resolve) => {
    let user: CognitoUser;
    try {
      user = new CognitoUser({ Username: email, Pool: getUserPool(), Storage: cognitoSessionStorage });
      user.setAuthenticationFlowType('USER_SRP_AUTH');
    } catch (error) {
      setSession(failedSession('LOGIN_FAILED', email));
      resolve({ status: 'LOGIN_FAILED', code: errorCode(error) });
      return;
    }
    const fail = (code: string, message?: string) => {
      setSession(failedSession('LOGIN_FAILED', email));
      resolve({ status: 'LOGIN_FAILED', code, ...(message ? { message } : {}) });
    };
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => {
        setSession(toSessionData(session, email));
        resolve({ status: 'LOGGED_IN' });
      },
      onFailure: (error: unknown) => fail(errorCode(error), (error as CognitoLikeError | null)?.message),
      newPasswordRequired: () => {
        setSession(failedSession('NEW_PASSWORD_REQUIRED', email));
        resolve({ status: 'NEW_PASSWORD_REQUIRED' });
      },
      customChallenge: () => {
        setSession(failedSession('CUSTOM_CHALLENGE', email));
        resolve({ status: 'CUSTOM_CHALLENGE' });
      },
      // The product uses no MFA: a pool that asks for it cannot be signed into from here.
      mfaRequired: () => fail('MfaNotSupported'),
      totpRequired: () => fail('MfaNotSupported'),
      selectMFAType: () => fail('MfaNotSupported'),
      mfaSetup: () => fail('MfaNotSupported'),
    });
  });
}

/** Ends the session locally: timer, the library's copy of the tokens, the store. */
function clearLocal(): void {
  cancelTimer();
  failures = 0;
  cognitoSessionStorage.clear();
  sessionStore.getState().clear();
}

/** Waits for one identity call of the library (node-style callback) at most `SIGN_OUT_TIMEOUT_MS`; true when it succeeded. */
function identityCall(start: (done: (error?: unknown) => void) => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const guard = setTimeout(() => resolve(false), SIGN_OUT_TIMEOUT_MS);
    const done = (error?: unknown) => {
      clearTimeout(guard);
      resolve(!error);
    };
    try {
      start(done);
    } catch (error) {
      done(error ?? new Error('identity call failed'));
    }
  });
}

function userOfStoredSession(): CognitoUser | null {
  try {
    return userFromStore(sessionStore.getState());
  } catch {
    return null;
  }
}

/** The library's local sign-out (its copy of the tokens), then timer and store. */
function endLocally(user: CognitoUser | null): void {
  try {
    user?.signOut();
  } catch {
    // local clean-up only
  }
  clearLocal();
}

/**
 * RevokeToken of this device's refresh token through the library's transport, with the spec's
 * back-off for transient failures (network, 5xx, throttling) only: the library's own
 * `revokeTokens` retries every error, a refused token included, for about 6 s, which would hold
 * the sign-out after an account's deletion that long. Resolves true when the service confirmed it.
 */
async function revokeRefreshToken(refreshToken: string): Promise<boolean> {
  const pool = getUserPool();
  for (let retry = 0; ; retry += 1) {
    const error = await new Promise<unknown>((resolve) =>
      poolClient(pool).request('RevokeToken', { Token: refreshToken, ClientId: pool.getClientId() }, (e) => resolve(e)),
    );
    if (!error) return true;
    const delay = REVOKE_FIRST_DELAY_MS * 2 ** retry + Math.random() * REVOKE_JITTER_MS;
    if (!TRANSIENT_CODES.has(errorCode(error)) || delay > REVOKE_MAX_DELAY_MS) return false;
    await wait(delay);
  }
}

/**
 * 'Ausloggen' (issue 28): ends this device's session only. Its refresh token is revoked at the
 * identity service (RevokeToken, which ends this login's access token too), then the library's
 * local sign-out, then the store is cleared; other devices of the account stay signed in. An
 * expired access token does not stop the revocation (it needs only the refresh token). Waits at
 * most `SIGN_OUT_TIMEOUT_MS`; clears even when the service cannot be reached or the account is
 * gone (after deletion); never rejects.
 */
export async function signOut(): Promise<void> {
  cancelTimer();
  const user = userOfStoredSession();
  const refreshToken = sessionStore.getState().tokens?.refreshToken;
  if (refreshToken) {
    await identityCall((done) => {
      revokeRefreshToken(refreshToken).then(
        (revoked) => done(revoked ? undefined : new Error('RevokeToken failed')),
        (error: unknown) => done(error),
      );
    });
  }
  endLocally(user);
}

/**
 * 'Überall abmelden' in the profile (issue 28): GlobalSignOut ends every session of the account,
 * on every device, then this one locally. Needs a valid session (renewed first if it has expired).
 * Resolves false when the identity service did not confirm it: after a failure it can be tried
 * again (this device stays signed in); when this device's session has already ended (its refresh
 * or access token refused), the store is cleared, which the caller can tell by the session status.
 */
export async function signOutEverywhere(): Promise<boolean> {
  cancelTimer();
  if (!isSessionValid(sessionStore.getState()) && !(await refreshSession())) {
    if (sessionStore.getState().status === 'LOGGED_IN') scheduleRefresh();
    return false;
  }
  const user = userOfStoredSession();
  if (!user) return false;
  let refused = false;
  const ended = await identityCall((done) =>
    user.globalSignOut({
      onSuccess: () => done(),
      onFailure: (error) => {
        refused = errorCode(error) === 'NotAuthorizedException';
        done(error ?? new Error('GlobalSignOut failed'));
      },
    }),
  );
  if (ended || refused) endLocally(user);
  else scheduleRefresh();
  return ended;
}

// ---- start --------------------------------------------------------------------------------

let unsubscribe: (() => void) | null = null;

/**
 * Registers the refresher and the sign-out in the shared store, follows the store (a new or
 * renewed session reschedules the refresh; a session cleared elsewhere stops it and removes the
 * library's copy of the tokens) and restores the stored session: valid → schedule the refresh,
 * expired → refresh now. Safe to call more than once.
 */
export function startSession(): Promise<void> {
  const store = sessionStore.getState();
  if (store.refresh !== refreshSession) store.setRefresher(refreshSession);
  if (store.signOut !== signOut) store.setSignOut(signOut);
  if (store.signOutEverywhere !== signOutEverywhere) store.setSignOutEverywhere(signOutEverywhere);
  if (!unsubscribe) {
    unsubscribe = sessionStore.subscribe((next, previous) => {
      if (next.tokens === previous.tokens) return;
      if (!next.tokens) {
        cancelTimer();
        if (previous.tokens) cognitoSessionStorage.clear();
        return;
      }
      scheduleRefresh();
    });
  }
  const state = sessionStore.getState();
  if (state.status !== 'LOGGED_IN' || !state.tokens) return Promise.resolve();
  if (!isSessionValid(state)) return refreshSession().then(() => undefined);
  scheduleRefresh();
  return Promise.resolve();
}

/** Tests only: forget registrations, timers and subscriptions. */
export function resetSessionForTests(): void {
  cancelTimer();
  lastRefreshAt = 0;
  failures = 0;
  unsubscribe?.();
  unsubscribe = null;
  inFlight = null;
}
