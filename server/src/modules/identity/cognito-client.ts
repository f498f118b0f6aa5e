import type * as CognitoSdkModule from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityConfig } from '../../config.js';
import { lazy } from '../../lib/lazy.js';
import { IdentityError, type IdentityErrorType } from './errors.js';

/**
 * A client of a Cognito user pool (IDENTITY_PROVIDER=cognito): the public actions the accounts
 * calls need (SignUp, ConfirmSignUp, ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword,
 * GetUser, DeleteUser) as plain JSON requests in the user-pool protocol (`X-Amz-Target`, no
 * signature: they are the same calls the browser library makes), and the Admin* actions through
 * the AWS SDK (SigV4) when admin credentials are configured. Cognito's errors become
 * `IdentityError`s with Cognito's `__type`; an unreachable pool or a 5xx becomes
 * `CognitoUnavailableError`.
 */

const KNOWN_TYPES = new Set<IdentityErrorType>([
  'NotAuthorizedException',
  'UsernameExistsException',
  'InvalidPasswordException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'TooManyRequestsException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'InvalidParameterException',
  'ResourceNotFoundException',
]);

const TIMEOUT_MS = 10_000;

type CognitoSdk = typeof CognitoSdkModule;

/** The pool could not be asked (network, timeout, 5xx, an answer that is not the protocol). */
export class CognitoUnavailableError extends Error {
  constructor(
    message: string,
    readonly type?: string,
  ) {
    super(message);
    this.name = 'CognitoUnavailableError';
  }
}

function toError(type: string | undefined, message: string): Error {
  const name = type?.split('#').pop()?.split(':')[0];
  if (name && KNOWN_TYPES.has(name as IdentityErrorType)) return new IdentityError(name as IdentityErrorType, message);
  return new CognitoUnavailableError(`Cognito answered ${name ?? 'an unknown error'}: ${message}`, name);
}

export interface CognitoSignUpResult {
  userSub: string;
  userConfirmed: boolean;
}

export interface CognitoClient {
  readonly hasAdmin: boolean;
  signUp(input: { email: string; password: string; attributes: Record<string, string> }): Promise<CognitoSignUpResult>;
  confirmSignUp(input: { email: string; code: string }): Promise<void>;
  resendConfirmationCode(input: { email: string }): Promise<void>;
  forgotPassword(input: { email: string }): Promise<void>;
  confirmForgotPassword(input: { email: string; code: string; password: string }): Promise<void>;
  /** GetUser with the member's access token: the attributes as a map (`email`, `sub`, …). */
  getUser(input: { accessToken: string }): Promise<Record<string, string>>;
  /** DeleteUser with the member's access token. */
  deleteUser(input: { accessToken: string }): Promise<void>;
  /** Admin*: need admin credentials (`hasAdmin`), else they throw. `username` = the sub or the e-mail address. */
  adminDeleteUser(input: { username: string }): Promise<void>;
  adminSetUserPassword(input: { username: string; password: string }): Promise<void>;
  /** The user's status (`UNCONFIRMED`, `CONFIRMED`, …), null when there is no such user. */
  adminGetUserStatus(input: { username: string }): Promise<string | null>;
  close(): void;
}

export function createCognitoClient(config: IdentityConfig, fetchImpl: typeof fetch = fetch): CognitoClient {
  const endpoint = config.endpoint;

  async function call<T>(action: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
          'cache-control': 'no-store',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CognitoUnavailableError(`Cognito ${action}: ${(error as Error).message}`);
    }
    const text = await res.text();
    let data: Record<string, unknown> | null = null;
    try {
      data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      data = null;
    }
    if (res.ok) {
      if (!data) throw new CognitoUnavailableError(`Cognito ${action}: the answer is not JSON`);
      return data as T;
    }
    const type = (data?.__type ?? data?.code ?? res.headers.get('x-amzn-errortype') ?? undefined) as string | undefined;
    const message = String(data?.message ?? data?.Message ?? `HTTP ${res.status}`);
    if (res.status >= 500) throw new CognitoUnavailableError(`Cognito ${action}: HTTP ${res.status} ${type ?? ''} ${message}`, type);
    throw toError(type, message);
  }

  const clientId = config.clientId;
  const admin = config.admin;
  // The AWS SDK (its client, core and smithy packages: ~2 MB of source, a few MB of a server's
  // memory) is loaded with the first admin call, not at start: an instance with the built-in
  // identity service never loads it.
  const sdk = lazy(() =>
    import('@aws-sdk/client-cognito-identity-provider').then((commands) => ({
      commands,
      client: new commands.CognitoIdentityProviderClient({
        region: config.region,
        endpoint,
        ...(admin?.kind === 'keys' ? { credentials: { accessKeyId: admin.accessKeyId, secretAccessKey: admin.secretAccessKey } } : {}),
        maxAttempts: 2,
      }),
    })),
  );

  async function adminCall<T>(run: (sdk: CognitoSdk, client: CognitoIdentityProviderClient) => Promise<T>): Promise<T> {
    if (!admin) throw new Error('Cognito admin credentials are not configured (IDENTITY_ADMIN_*)');
    const { commands, client } = await sdk.get();
    try {
      return await run(commands, client);
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      if ((e.$metadata?.httpStatusCode ?? 0) >= 500 || !e.name)
        throw new CognitoUnavailableError(`Cognito admin call: ${e.message ?? String(error)}`, e.name);
      throw toError(e.name, e.message ?? e.name);
    }
  }

  return {
    hasAdmin: !!admin,
    async signUp({ email, password, attributes }) {
      const result = await call<{ UserSub?: unknown; UserConfirmed?: unknown }>('SignUp', {
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }, ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }))],
        ValidationData: [],
      });
      if (typeof result.UserSub !== 'string' || !result.UserSub)
        throw new CognitoUnavailableError('Cognito SignUp: no UserSub in the answer');
      return { userSub: result.UserSub, userConfirmed: result.UserConfirmed === true };
    },
    async confirmSignUp({ email, code }) {
      await call('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code, ForceAliasCreation: true });
    },
    async resendConfirmationCode({ email }) {
      await call('ResendConfirmationCode', { ClientId: clientId, Username: email });
    },
    async forgotPassword({ email }) {
      await call('ForgotPassword', { ClientId: clientId, Username: email });
    },
    async confirmForgotPassword({ email, code, password }) {
      await call('ConfirmForgotPassword', { ClientId: clientId, Username: email, ConfirmationCode: code, Password: password });
    },
    async getUser({ accessToken }) {
      const result = await call<{ UserAttributes?: { Name?: unknown; Value?: unknown }[] }>('GetUser', { AccessToken: accessToken });
      const out: Record<string, string> = {};
      for (const a of result.UserAttributes ?? []) if (typeof a.Name === 'string' && typeof a.Value === 'string') out[a.Name] = a.Value;
      return out;
    },
    async deleteUser({ accessToken }) {
      await call('DeleteUser', { AccessToken: accessToken });
    },
    async adminDeleteUser({ username }) {
      await adminCall((sdk, c) => c.send(new sdk.AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: username })));
    },
    async adminSetUserPassword({ username, password }) {
      await adminCall((sdk, c) =>
        c.send(
          new sdk.AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: username, Password: password, Permanent: true }),
        ),
      );
    },
    async adminGetUserStatus({ username }) {
      try {
        const result = await adminCall((sdk, c) =>
          c.send(new sdk.AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: username })),
        );
        return result.UserStatus ?? null;
      } catch (error) {
        if (error instanceof IdentityError && error.type === 'UserNotFoundException') return null;
        throw error;
      }
    },
    close() {
      void sdk.started()?.then(
        ({ client }) => client.destroy(),
        () => undefined,
      );
    },
  };
}
