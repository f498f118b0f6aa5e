import {
  ID_TOKEN_CLUB_CLAIM,
  type MeDto,
  type ProfileFieldsDto,
  type ProfileUpdateResultDto,
  type RegistrationResultDto,
} from '@erd/shared-contracts/wire';
import {
  accountErrorCodeSchema,
  type ConfirmForgotPasswordInputValues,
  type ConfirmSignupInputValues,
  type ProfileUpdateInputValues,
  type RegistrationInputValues,
} from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import type { ProfileRow } from '../../db/schema/index.js';
import { CodedError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { link, toClubDto } from '../content/mappers.js';
import { findClub } from '../content/service.js';
import { IdentityError } from '../identity/errors.js';
import * as identity from '../identity/service.js';
import { consumeRateLimit, RATE_LIMITS, type RateLimitRule } from '../rate-limit/service.js';
import { emailExistsError, mapped, MESSAGES } from './account-errors.js';
import { cognitoProvider } from './cognito-provider.js';
import type { AccountIdentityProvider, AccountsCtx } from './identity-provider.js';
import * as repo from './repository.js';
import { profileValues, registrationValues } from './validation.js';

/**
 * Accounts (spec §7 frontend-users and same-origin calls; decisions §2–3): registration creates the
 * identity user and the profile together; confirmation, codes and new passwords go through the
 * identity provider of the configuration (`identity-provider.ts`: the built-in service below, or a
 * Cognito pool); the profile is read, changed (optimistically, by `updatedAt`) and deleted with
 * the identity user. Statuses and codes as in shared-contracts `accounts.ts`.
 */

type Ctx = AccountsCtx;

const codes = accountErrorCodeSchema.enum;

function assertSpace(ctx: Pick<AppContext, 'config'>, spaceId: string): void {
  if (spaceId !== ctx.config.spaceId) throw new NotFoundError(`Unbekannter Space "${spaceId}"`);
}

async function limit(ctx: Ctx, rule: RateLimitRule, subject: string): Promise<void> {
  if (!(await consumeRateLimit({ ctx, input: { rule, subject } }))) {
    throw new CodedError(429, codes.LimitExceededException, MESSAGES.tooManyRequests);
  }
}

/** The per-IP limit of each frontend-users call. */
export const FRONTEND_USER_LIMITS = {
  signup: RATE_LIMITS.signup,
  confirmSignup: RATE_LIMITS.codeEntry,
  resendCode: RATE_LIMITS.codeRequest,
  forgotPassword: RATE_LIMITS.codeRequest,
  confirmForgotPassword: RATE_LIMITS.codeEntry,
} as const satisfies Record<string, RateLimitRule>;

/**
 * Before a frontend-users call's body is looked at (so in this order, as always): an unknown space
 * is 404, then the call's per-IP limit (429 LimitExceededException).
 */
export async function admitFrontendUserCall({
  ctx,
  input,
}: ServiceCall<Ctx, { spaceId: string; call: keyof typeof FRONTEND_USER_LIMITS; ip: string }>): Promise<void> {
  assertSpace(ctx, input.spaceId);
  await limit(ctx, FRONTEND_USER_LIMITS[input.call], input.ip);
}

async function knownUser(ctx: Ctx, address: string) {
  const user = await identity.findUserByUsername(ctx, address);
  if (!user) throw new CodedError(404, codes.UserNotFoundException, MESSAGES.userNotFound);
  return user;
}

/**
 * The built-in provider: today's paths on this server's identity tables. Registration runs in one
 * transaction: the club entry must exist (404 ClubNotFound) and be free (409 ClubTaken, decided by
 * the unique index), the address new (409 EmailExists / EmailNotConfirmed); the identity user (with
 * `custom:club`), the profile and the sign-up code are created and the code mail is sent — or
 * nothing is.
 */
export const builtinProvider: AccountIdentityProvider = {
  async register(ctx, values) {
    await identity.inTransaction(ctx, async (tx) => {
      if (!(await findClub(tx.db, values.clubId))) throw new CodedError(404, codes.ClubNotFound, MESSAGES.clubNotFound);
      const existing = await identity.findUserByUsername(tx, values.email);
      if (existing && !identity.isStaleUnconfirmed(existing, tx.now())) throw emailExistsError(existing.status);
      const holder = await repo.findProfileByClub(tx.db, values.clubId);
      if (holder && !(await identity.deleteStaleUnconfirmedUser({ ctx: tx, input: { sub: holder.sub } }))) {
        throw new CodedError(409, codes.ClubTaken, MESSAGES.clubTaken);
      }
      let user;
      try {
        user = await identity.createUser({
          ctx: tx,
          input: { email: values.email, password: values.password, attributes: { [ID_TOKEN_CLUB_CLAIM]: values.clubId } },
        });
      } catch (error) {
        if (error instanceof IdentityError && error.type === 'UsernameExistsException') {
          const existing = await identity.findUserByUsername(tx, values.email);
          throw emailExistsError(existing?.status ?? 'UNCONFIRMED');
        }
        if (error instanceof IdentityError && error.type === 'InvalidPasswordException') {
          throw new ValidationError(MESSAGES.password, { user: ['password'] });
        }
        throw error;
      }
      const now = tx.now();
      const inserted = await repo.insertProfile(tx.db, {
        sub: user.sub,
        clubId: values.clubId,
        ...values.profile,
        email: values.email,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new CodedError(409, codes.ClubTaken, MESSAGES.clubTaken);
      await identity.sendCode({ ctx: tx, input: { user, purpose: 'signup', name: values.profile.firstname } });
    });
  },
  async confirmSignup(ctx, input) {
    const user = await knownUser(ctx, input.email);
    await mapped('code-entry', () => identity.confirmSignup({ ctx, input: { user, code: input.code } }));
  },
  async resendSignupCode(ctx, input) {
    const user = await knownUser(ctx, input.email);
    const name = (await repo.findProfile(ctx.db, user.sub))?.firstname;
    await mapped('code-request', () => identity.resendSignupCode({ ctx, input: { user, name } }));
  },
  async requestPasswordReset(ctx, input) {
    const user = await identity.findUserByUsername(ctx, input.email);
    if (user) {
      const name = (await repo.findProfile(ctx.db, user.sub))?.firstname;
      await mapped('code-request', () => identity.requestPasswordReset({ ctx, input: { user, name } }));
    }
  },
  async confirmPasswordReset(ctx, input) {
    const user = await knownUser(ctx, input.email);
    await mapped('code-entry', () => identity.confirmPasswordReset({ ctx, input: { user, code: input.code, password: input.password } }));
  },
  async emailOf(ctx, input) {
    return (await identity.findUserByUsername(ctx, input.sub))?.email ?? null;
  },
  assertCanSetPassword() {},
  async setPassword(ctx, input) {
    await identity.setPassword({ ctx, input });
  },
  async deleteAccount(ctx, input) {
    // The identity user goes, and with it (same transaction) the profile; sessions and codes by their foreign keys.
    await identity.deleteUser({ ctx, input: { sub: input.sub } });
  },
};

/** The provider of the configuration (IDENTITY_PROVIDER). */
export function providerOf(ctx: Pick<AppContext, 'config'>): AccountIdentityProvider {
  return ctx.config.identity.provider === 'cognito' ? cognitoProvider : builtinProvider;
}

/**
 * The frontend-users calls take the schemas' checked input (`@erd/shared-contracts/schemas`); the
 * route has admitted the call before (`admitFrontendUserCall`: space, per-IP limit).
 */

/** POST …/frontend-users/signup: the provider creates identity user and profile. */
export async function registerAccount({ ctx, input }: { ctx: Ctx; input: RegistrationInputValues }): Promise<RegistrationResultDto> {
  const values = registrationValues(input);
  await providerOf(ctx).register(ctx, values);
  return { email: values.email };
}

/** POST …/signup/confirm: 404 unknown address; 400 NotAuthorizedException when already confirmed; 400 for code problems. */
export async function confirmAccount({ ctx, input }: { ctx: Ctx; input: ConfirmSignupInputValues }): Promise<RegistrationResultDto> {
  await providerOf(ctx).confirmSignup(ctx, { email: input.email, code: input.code });
  // Issue 25: confirmed accounts get notifications (a Cognito pool's accounts are known by this note).
  await repo.markEmailConfirmed(ctx.db, input.email, ctx.now());
  return { email: input.email };
}

/** POST …/signup/code: a new sign-up code; 404 unknown, 400 NotAuthorizedException when confirmed, 429 within the minute. */
export async function resendAccountCode({ ctx, input }: { ctx: Ctx; input: { email: string } }): Promise<RegistrationResultDto> {
  await providerOf(ctx).resendSignupCode(ctx, { email: input.email });
  return { email: input.email };
}

/**
 * POST …/forgot-password: sends a reset code. The same answer whether an account exists or not
 * (200, or 429 for a second request within the minute for any address).
 */
export async function forgotAccountPassword({ ctx, input }: { ctx: Ctx; input: { email: string } }): Promise<RegistrationResultDto> {
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.perAddress, subject: `address:reset:${input.email}` } }))) {
    throw new CodedError(429, codes.LimitExceededException, MESSAGES.resendTooSoon);
  }
  await providerOf(ctx).requestPasswordReset(ctx, { email: input.email });
  return { email: input.email };
}

/** POST …/forgot-password/confirm: 404 unknown address, 400 for code problems (a password against the rule is refused by the schema). */
export async function confirmAccountPassword({
  ctx,
  input,
}: ServiceCall<Ctx, ConfirmForgotPasswordInputValues>): Promise<RegistrationResultDto> {
  await providerOf(ctx).confirmPasswordReset(ctx, { email: input.email, code: input.code, password: input.password });
  return { email: input.email };
}

// ---- same-origin API (the caller is authenticated: `requireUser`)

function fieldsDto(row: ProfileRow): ProfileFieldsDto {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    street: row.street,
    city: row.city,
    ...(row.phone ? { phone: row.phone } : {}),
    club: link(row.clubId),
  };
}

async function profileOf(ctx: Ctx, sub: string): Promise<ProfileRow> {
  const row = await repo.findProfile(ctx.db, sub);
  if (!row) throw new NotFoundError(MESSAGES.noProfile);
  return row;
}

/** GET /api/me */
export async function getMe({ ctx, input }: { ctx: Ctx; input: { sub: string; accessToken?: string | null } }): Promise<MeDto> {
  const row = await profileOf(ctx, input.sub);
  const address = await providerOf(ctx).emailOf(ctx, { sub: input.sub, accessToken: input.accessToken ?? null });
  if (!address) throw new NotFoundError(MESSAGES.noProfile);
  // A sign-in proves a confirmed address (issue 25: notifications go to it); also a pool's changed address.
  if (!row.emailConfirmedAt || row.email !== address) await repo.noteConfirmedEmail(ctx.db, row.sub, address, ctx.now());
  const club = await findClub(ctx.db, row.clubId);
  return {
    sub: row.sub,
    email: address,
    fields: fieldsDto(row),
    club: club ? toClubDto(club) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * PUT /api/profile (the schema's checked input): changes the profile only if `updatedAt` is
 * current (else 409 Conflict and nothing changes); a non-empty password becomes the new password.
 */
export async function updateProfile({
  ctx,
  input,
}: ServiceCall<Ctx, { sub: string; update: ProfileUpdateInputValues }>): Promise<ProfileUpdateResultDto> {
  const values = profileValues(input.update.fields);
  const newPassword = input.update.password;
  const provider = providerOf(ctx);
  if (newPassword) provider.assertCanSetPassword(ctx);
  const row = await identity.inTransaction(ctx, async (tx) => {
    const updated = await repo.updateProfileIfUnchanged(tx.db, input.sub, input.update.updatedAt, values, tx.now());
    if (!updated) {
      await profileOf(tx, input.sub);
      throw new ConflictError(MESSAGES.staleProfile);
    }
    if (newPassword) await provider.setPassword(tx, { sub: input.sub, password: newPassword });
    return updated;
  });
  return { fields: fieldsDto(row), updatedAt: row.updatedAt.toISOString() };
}

/** DELETE /api/profile: the identity user and the profile go together (decisions §3); built-in: sessions and codes too. */
export async function deleteAccount({ ctx, input }: { ctx: Ctx; input: { sub: string; accessToken?: string | null } }): Promise<void> {
  await providerOf(ctx).deleteAccount(ctx, { sub: input.sub, accessToken: input.accessToken ?? null });
}
