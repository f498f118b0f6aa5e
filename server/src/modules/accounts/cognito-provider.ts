import { accountErrorCodeSchema } from '@erd/shared-contracts/schemas';
import { CodedError, UnauthorizedError, ValidationError } from '../../errors.js';
import { findClub } from '../content/service.js';
import { CognitoUnavailableError, type CognitoClient } from '../identity/cognito-client.js';
import { IdentityError } from '../identity/errors.js';
import { inTransaction, UNCONFIRMED_TTL_MS } from '../identity/service.js';
import { accountError, emailExistsError, mapped, MESSAGES } from './account-errors.js';
import type { AccountIdentityProvider, AccountsCtx } from './identity-provider.js';
import * as repo from './repository.js';

/**
 * IDENTITY_PROVIDER=cognito: the accounts live in a Cognito user pool (`IDENTITY_ENDPOINT`), the
 * profiles here, keyed by Cognito's sub. Public actions (SignUp, ConfirmSignUp,
 * ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword, GetUser, DeleteUser) need no
 * credentials; setting a password from the profile form, undoing a SignUp whose profile could not
 * be stored and freeing the club entry of a stale unconfirmed account need the Admin* API
 * (`IDENTITY_ADMIN_*`). Cognito sends the codes itself (its own mail texts).
 */

const UNAUTHORIZED_MESSAGE = 'Bitte melde dich an.';

function clientOf(ctx: AccountsCtx): CognitoClient {
  if (!ctx.cognito) throw new Error('IDENTITY_PROVIDER=cognito but no Cognito client in the context');
  return ctx.cognito;
}

const clubTaken = () => new CodedError(409, accountErrorCodeSchema.enum.ClubTaken, MESSAGES.clubTaken);

/**
 * A profile that holds the club entry but whose Cognito user is gone, or never confirmed within
 * 7 days, gives the entry free (as the built-in service does). Needs admin credentials to look.
 */
async function freeStaleHolder(ctx: AccountsCtx, cognito: CognitoClient, holder: { sub: string; createdAt: Date }): Promise<boolean> {
  if (!cognito.hasAdmin) return false;
  const status = await mapped('code-request', () => cognito.adminGetUserStatus({ username: holder.sub }));
  const stale = status === 'UNCONFIRMED' && holder.createdAt.getTime() < ctx.now().getTime() - UNCONFIRMED_TTL_MS;
  if (status !== null && !stale) return false;
  if (status !== null) await mapped('code-request', () => cognito.adminDeleteUser({ username: holder.sub }));
  await repo.deleteProfile(ctx.db, holder.sub);
  ctx.log.info({ sub: holder.sub, status }, 'accounts: freed a club entry held by a stale Cognito account');
  return true;
}

/** The Cognito user exists but its profile could not be stored: delete it again (admin), else say so loudly. */
async function undoSignUp(ctx: AccountsCtx, cognito: CognitoClient, sub: string): Promise<void> {
  if (!cognito.hasAdmin) {
    ctx.log.error(
      { sub },
      'accounts: Cognito user created but its profile was not stored, and without IDENTITY_ADMIN_* it cannot be deleted again; delete it in the user pool',
    );
    return;
  }
  try {
    await cognito.adminDeleteUser({ username: sub });
    ctx.log.warn({ sub }, 'accounts: profile not stored; the new Cognito user was deleted again');
  } catch (error) {
    ctx.log.error(
      { err: error, sub },
      'accounts: profile not stored and the new Cognito user could not be deleted; delete it in the user pool',
    );
  }
}

/** Token problems at Cognito (revoked, expired, user gone) are a 401 for the API. */
function tokenError(error: unknown): unknown {
  if (error instanceof IdentityError && (error.type === 'NotAuthorizedException' || error.type === 'UserNotFoundException')) {
    return new UnauthorizedError(UNAUTHORIZED_MESSAGE);
  }
  return accountError(error, 'code-entry');
}

export const cognitoProvider: AccountIdentityProvider = {
  async register(ctx, values) {
    const cognito = clientOf(ctx);
    // Club entry first: nothing is created at Cognito for a registration that cannot succeed.
    if (!(await findClub(ctx.db, values.clubId)))
      throw new CodedError(404, accountErrorCodeSchema.enum.ClubNotFound, MESSAGES.clubNotFound);
    const holder = await repo.findProfileByClub(ctx.db, values.clubId);
    if (holder && !(await freeStaleHolder(ctx, cognito, holder))) throw clubTaken();
    const attribute = ctx.config.identity.clubAttribute;
    let userSub: string;
    try {
      ({ userSub } = await cognito.signUp({
        email: values.email,
        password: values.password,
        attributes: attribute ? { [attribute]: values.clubId } : {},
      }));
    } catch (error) {
      if (error instanceof IdentityError && error.type === 'UsernameExistsException') {
        const status = cognito.hasAdmin ? await cognito.adminGetUserStatus({ username: values.email }).catch(() => null) : null;
        throw emailExistsError(status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED');
      }
      if (error instanceof IdentityError && error.type === 'InvalidPasswordException') {
        throw new ValidationError(MESSAGES.password, { user: ['password'] });
      }
      if (error instanceof IdentityError && error.type === 'InvalidParameterException') {
        ctx.log.warn({ err: error }, 'accounts: Cognito refused the SignUp parameters');
        throw new ValidationError(error.message, { user: ['email'] });
      }
      throw accountError(error, 'code-request');
    }
    const now = ctx.now();
    let inserted = false;
    let failure: unknown = null;
    try {
      inserted = await repo.insertProfile(ctx.db, {
        sub: userSub,
        clubId: values.clubId,
        ...values.profile,
        email: values.email,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      failure = error;
    }
    if (!inserted) {
      await undoSignUp(ctx, cognito, userSub);
      throw failure ?? clubTaken();
    }
  },

  async confirmSignup(ctx, input) {
    await mapped('code-entry', () => clientOf(ctx).confirmSignUp(input));
  },

  async resendSignupCode(ctx, input) {
    await mapped('code-request', () => clientOf(ctx).resendConfirmationCode(input));
  },

  async requestPasswordReset(ctx, input) {
    try {
      await clientOf(ctx).forgotPassword(input);
    } catch (error) {
      if (error instanceof IdentityError && error.type === 'UserNotFoundException') return; // same answer as for a known address
      throw accountError(error, 'code-request');
    }
  },

  async confirmPasswordReset(ctx, input) {
    await mapped('code-entry', () => clientOf(ctx).confirmForgotPassword(input));
  },

  async emailOf(ctx, input) {
    if (!input.accessToken) return null;
    const token = input.accessToken;
    try {
      return (await clientOf(ctx).getUser({ accessToken: token })).email ?? null;
    } catch (error) {
      throw tokenError(error);
    }
  },

  assertCanSetPassword(ctx) {
    if (!clientOf(ctx).hasAdmin) {
      throw new CodedError(400, accountErrorCodeSchema.enum.PasswordChangeUnavailable, MESSAGES.passwordChangeUnavailable, {
        user: ['password'],
      });
    }
  },

  async setPassword(ctx, input) {
    await mapped('code-entry', () => clientOf(ctx).adminSetUserPassword({ username: input.sub, password: input.password }));
  },

  async deleteAccount(ctx, input) {
    const cognito = clientOf(ctx);
    if (!cognito.hasAdmin && !input.accessToken) throw new UnauthorizedError(UNAUTHORIZED_MESSAGE);
    // The profile row is deleted first and stays deleted only if Cognito deleted the user.
    await inTransaction(ctx, async (tx) => {
      await repo.deleteProfile(tx.db, input.sub);
      try {
        if (cognito.hasAdmin) await cognito.adminDeleteUser({ username: input.sub });
        else await cognito.deleteUser({ accessToken: input.accessToken! });
      } catch (error) {
        if (error instanceof IdentityError && error.type === 'UserNotFoundException' && cognito.hasAdmin) return; // already gone there
        if (error instanceof CognitoUnavailableError) throw accountError(error, 'code-entry');
        throw tokenError(error);
      }
    });
  },
};
