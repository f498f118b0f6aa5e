import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';

/**
 * amazon-cognito-identity-js, unmodified, for tests: its session storage in memory, a user of a
 * pool at an endpoint, and its callback calls as promises. Used against the built-in identity
 * service (library.test.ts) and against an independent implementation (cognito-moto.test.ts).
 */

/** The storage amazon-cognito-identity-js keeps its session in, in memory (tests run without a browser). */
export class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** Where the library talks to: the pool id, the app client and the endpoint it POSTs to. */
export interface LibraryPool {
  userPoolId: string;
  clientId: string;
  endpoint: string;
}

/** A library user of `pool` named `username` (an e-mail address or the sub), with its own storage. */
export function libraryUser(pool: LibraryPool, username: string, storage: ICognitoStorage = new MemoryStorage()): CognitoUser {
  return new CognitoUser({
    Username: username,
    Pool: new CognitoUserPool({ UserPoolId: pool.userPoolId, ClientId: pool.clientId, endpoint: pool.endpoint, Storage: storage }),
    Storage: storage,
  });
}

/** An error the library passes to its callbacks: `code` is the `__type` after the last `#`. */
export interface LibError extends Error {
  code?: string;
}

/** The SRP login (USER_SRP_AUTH then PASSWORD_VERIFIER); rejects with the library's error. */
export function login(user: CognitoUser, password: string) {
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: user.getUsername(), Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
    }),
  );
}

export function changePassword(user: CognitoUser, previous: string, proposed: string) {
  return new Promise<string>((resolve, reject) =>
    user.changePassword(previous, proposed, (err, result) => (err ? reject(err) : resolve(result as string))),
  );
}

export function globalSignOut(user: CognitoUser) {
  return new Promise<string>((resolve, reject) => user.globalSignOut({ onSuccess: resolve, onFailure: reject }));
}

/** The library's error of a call that must fail. */
export async function failure(promise: Promise<unknown>): Promise<LibError> {
  try {
    await promise;
  } catch (error) {
    return error as LibError;
  }
  throw new Error('expected a failure');
}
