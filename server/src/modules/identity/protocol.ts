import { isValidEmail } from '@erd/shared-contracts/wire';
import { normalizeEmail } from '../../lib/email.js';
import { consumeRateLimit, RATE_LIMITS, type RateLimitRule } from '../rate-limit/service.js';
import { IdentityError, MESSAGES } from './errors.js';
import {
  changePassword,
  confirmPasswordReset,
  confirmSignup,
  createUser,
  deleteUser,
  finishSrpLogin,
  findUserByUsername,
  inTransaction,
  passwordLogin,
  passwordPolicyError,
  refreshLogin,
  requestPasswordReset,
  resendSignupCode,
  revokeRefreshToken,
  sendCode,
  signOutEverywhere,
  startSrpLogin,
  updateAttributes,
  userFromAccessToken,
  type IdentityCtx,
} from './service.js';
import type { IdentityUserRow } from '../../db/schema/index.js';

/**
 * The Cognito user-pool actions (`X-Amz-Target: AWSCognitoIdentityProviderService.<Action>`) as
 * amazon-cognito-identity-js sends them: request checks in Cognito's wording, per-IP limits, and the
 * call into the service. With PreventUserExistenceErrors behaviour: unknown users get a made-up
 * SRP challenge, a made-up code delivery, or CodeMismatchException.
 */

export interface ActionMeta {
  ip: string;
}

type Body = Record<string, unknown>;
type Action = (ctx: IdentityCtx, body: Body, meta: ActionMeta) => Promise<object>;

/** Attributes a client may set itself (SignUp, UpdateUserAttributes); `custom:*` are set by the server only. */
const WRITABLE_ATTRIBUTES = new Set(['name', 'given_name', 'family_name', 'locale']);
const MAX_ATTRIBUTE_LENGTH = 2048;

function invalid(message: string): IdentityError {
  return new IdentityError('InvalidParameterException', message);
}

function required(body: Body, name: string, maxLength = 4096): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(`1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must not be null`);
  }
  if (value.length > maxLength) {
    throw invalid(
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must have length less than or equal to ${maxLength}`,
    );
  }
  return value;
}

function params(body: Body, name: string): Record<string, unknown> {
  const value = body[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return value as Record<string, unknown>;
}

function clientId(ctx: IdentityCtx, body: Body): string {
  const id = required(body, 'ClientId', 128);
  if (id !== ctx.config.identity.clientId) throw new IdentityError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
  return id;
}

async function limit(ctx: IdentityCtx, rule: RateLimitRule, subject: string): Promise<void> {
  if (!(await consumeRateLimit({ ctx, input: { rule, subject } }))) {
    throw new IdentityError('TooManyRequestsException', MESSAGES.tooManyRequests);
  }
}

/** One code mail per address, purpose and minute, whether the address has an account or not (no enumeration). */
async function limitAddress(ctx: IdentityCtx, purpose: 'signup' | 'reset', username: string): Promise<void> {
  const subject = `address:${purpose}:${normalizeEmail(username)}`;
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.perAddress, subject } }))) {
    throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  }
}

function maskEmail(value: string): string {
  const email = normalizeEmail(value);
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***@${email[at + 1] ?? ''}***`;
}

function codeDelivery(destination: string) {
  return { Destination: maskEmail(destination), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

function readAttributes(body: Body, name: string): Array<{ Name: string; Value: string }> {
  const raw = body[name];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 50) throw invalid(`${name} must be a list of {Name, Value}.`);
  return raw.map((item: unknown) => {
    const a = item as { Name?: unknown; Value?: unknown };
    if (typeof a?.Name !== 'string' || typeof a.Value !== 'string' || a.Value.length > MAX_ATTRIBUTE_LENGTH) {
      throw invalid(`${name} must be a list of {Name, Value}.`);
    }
    return { Name: a.Name, Value: a.Value };
  });
}

function writableAttributes(list: Array<{ Name: string; Value: string }>, email: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { Name, Value } of list) {
    if (Name === 'email') {
      if (email === null) throw invalid('Changing the e-mail address is not supported.');
      if (normalizeEmail(Value) !== email) throw invalid('The email attribute must match the username.');
      continue;
    }
    if (!WRITABLE_ATTRIBUTES.has(Name)) throw new IdentityError('NotAuthorizedException', `${MESSAGES.unauthorizedAttribute}: ${Name}`);
    out[Name] = Value;
  }
  return out;
}

const signUp: Action = async (ctx, body, meta) => {
  clientId(ctx, body);
  await limit(ctx, RATE_LIMITS.signup, meta.ip);
  const username = required(body, 'Username', 254);
  if (!isValidEmail(username.trim())) throw invalid('Invalid email address format.');
  const email = normalizeEmail(username);
  const password = required(body, 'Password', 256);
  const attributes = writableAttributes(readAttributes(body, 'UserAttributes'), email);
  const user = await inTransaction(ctx, async (tx) => {
    const created = await createUser({ ctx: tx, input: { email, password, attributes } });
    await sendCode({ ctx: tx, input: { user: created, purpose: 'signup' } });
    return created;
  });
  return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: codeDelivery(user.email) };
};

const confirmSignUp: Action = async (ctx, body, meta) => {
  clientId(ctx, body);
  await limit(ctx, RATE_LIMITS.codeEntry, meta.ip);
  const username = required(body, 'Username', 254);
  const code = required(body, 'ConfirmationCode', 64);
  const user = await findUserByUsername(ctx, username);
  if (!user) throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
  await confirmSignup({ ctx, input: { user, code } });
  return {};
};

/**
 * An action that mails a code (the sign-up's again, or a password reset's), limited by IP and by
 * address; an unknown address gets the same answer as a known one, and no mail.
 */
const codeRequest =
  (purpose: 'signup' | 'reset', send: (ctx: IdentityCtx, user: IdentityUserRow) => Promise<void>): Action =>
  async (ctx, body, meta) => {
    clientId(ctx, body);
    await limit(ctx, RATE_LIMITS.codeRequest, meta.ip);
    const username = required(body, 'Username', 254);
    await limitAddress(ctx, purpose, username);
    const user = await findUserByUsername(ctx, username);
    if (!user) return { CodeDeliveryDetails: codeDelivery(username) };
    await send(ctx, user);
    return { CodeDeliveryDetails: codeDelivery(user.email) };
  };

const resendConfirmationCode = codeRequest('signup', (ctx, user) => resendSignupCode({ ctx, input: { user } }));

/** A password sign-in (USER_PASSWORD_AUTH, or SRP's PASSWORD_VERIFIER step), counted for the metrics by outcome. */
async function signIn<T>(ctx: IdentityCtx, attempt: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    ctx.metrics?.signIn('member', 'failed', error instanceof IdentityError ? error.type : 'InternalErrorException');
    throw error;
  }
  ctx.metrics?.signIn('member', 'succeeded');
  return result;
}

const initiateAuth: Action = async (ctx, body, meta) => {
  const flow = required(body, 'AuthFlow', 64);
  const client = clientId(ctx, body);
  const auth = params(body, 'AuthParameters');
  const param = (name: string, maxLength: number) => required(auth, name, maxLength);
  switch (flow) {
    case 'USER_SRP_AUTH': {
      await limit(ctx, RATE_LIMITS.login, meta.ip);
      return startSrpLogin({ ctx, input: { username: param('USERNAME', 254), srpA: param('SRP_A', 2048), clientId: client } });
    }
    case 'USER_PASSWORD_AUTH': {
      const result = await signIn(ctx, async () => {
        await limit(ctx, RATE_LIMITS.login, meta.ip);
        return passwordLogin({ ctx, input: { username: param('USERNAME', 254), password: param('PASSWORD', 256), clientId: client } });
      });
      return { ChallengeParameters: {}, AuthenticationResult: result };
    }
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN': {
      await limit(ctx, RATE_LIMITS.refresh, meta.ip);
      const result = await refreshLogin({ ctx, input: { refreshToken: param('REFRESH_TOKEN', 2048), clientId: client } });
      return { ChallengeParameters: {}, AuthenticationResult: result };
    }
    default:
      throw invalid('Initiate Auth method not supported.');
  }
};

const respondToAuthChallenge: Action = async (ctx, body, meta) => {
  const challenge = required(body, 'ChallengeName', 64);
  const client = clientId(ctx, body);
  if (challenge !== 'PASSWORD_VERIFIER') throw invalid(`Challenge ${challenge} is not supported.`);
  const result = await signIn(ctx, async () => {
    await limit(ctx, RATE_LIMITS.login, meta.ip);
    const r = params(body, 'ChallengeResponses');
    return finishSrpLogin({
      ctx,
      input: {
        clientId: client,
        username: required(r, 'USERNAME', 254),
        secretBlock: required(r, 'PASSWORD_CLAIM_SECRET_BLOCK', 8192),
        timestamp: required(r, 'TIMESTAMP', 64),
        signature: required(r, 'PASSWORD_CLAIM_SIGNATURE', 256),
      },
    });
  });
  return { ChallengeParameters: {}, AuthenticationResult: result };
};

const forgotPassword = codeRequest('reset', (ctx, user) => requestPasswordReset({ ctx, input: { user } }));

const confirmForgotPassword: Action = async (ctx, body, meta) => {
  clientId(ctx, body);
  await limit(ctx, RATE_LIMITS.codeEntry, meta.ip);
  const username = required(body, 'Username', 254);
  const code = required(body, 'ConfirmationCode', 64);
  const password = required(body, 'Password', 256);
  const policy = passwordPolicyError(password);
  if (policy) throw policy;
  const user = await findUserByUsername(ctx, username);
  if (!user) throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
  await confirmPasswordReset({ ctx, input: { user, code, password } });
  return {};
};

const withToken =
  (run: (ctx: IdentityCtx, body: Body, found: Awaited<ReturnType<typeof userFromAccessToken>>) => Promise<object>): Action =>
  async (ctx, body, meta) => {
    await limit(ctx, RATE_LIMITS.identityOther, meta.ip);
    const found = await userFromAccessToken({ ctx, input: { accessToken: required(body, 'AccessToken', 16_384) } });
    return run(ctx, body, found);
  };

const getUser = withToken(async (_ctx, _body, { user }) => ({
  Username: user.sub,
  UserAttributes: [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: user.status === 'CONFIRMED' ? 'true' : 'false' },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
  ],
  MFAOptions: [],
}));

const changePasswordAction = withToken(async (ctx, body, { user }) => {
  const previousPassword = required(body, 'PreviousPassword', 256);
  const proposedPassword = required(body, 'ProposedPassword', 256);
  await changePassword({ ctx, input: { user, previousPassword, proposedPassword } });
  return {};
});

const updateUserAttributes = withToken(async (ctx, body, { user }) => {
  const attributes = writableAttributes(readAttributes(body, 'UserAttributes'), null);
  await updateAttributes({ ctx, input: { user, attributes } });
  return { CodeDeliveryDetailsList: [] };
});

const deleteUserAction = withToken(async (ctx, _body, { user }) => {
  await deleteUser({ ctx, input: { sub: user.sub } });
  return {};
});

const globalSignOut = withToken(async (ctx, _body, { user }) => {
  await signOutEverywhere({ ctx, input: { sub: user.sub } });
  return {};
});

const revokeToken: Action = async (ctx, body, meta) => {
  const client = clientId(ctx, body);
  await limit(ctx, RATE_LIMITS.identityOther, meta.ip);
  await revokeRefreshToken({ ctx, input: { token: required(body, 'Token', 2048), clientId: client } });
  return {};
};

export const ACTIONS: Readonly<Record<string, Action>> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePasswordAction,
  GetUser: getUser,
  UpdateUserAttributes: updateUserAttributes,
  DeleteUser: deleteUserAction,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
};

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Runs the action named by the `X-Amz-Target` header; UnknownOperationException for anything else. */
export async function runAction(ctx: IdentityCtx, target: string | undefined, body: unknown, meta: ActionMeta): Promise<object> {
  const name = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) throw new IdentityError('UnknownOperationException', `Unknown operation ${name || target || ''}`.trim());
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new IdentityError('SerializationException', 'The request body must be a JSON object.');
  }
  return action(ctx, body as Body, meta);
}
