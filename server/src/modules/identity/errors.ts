/**
 * Errors of the identity service in Cognito's vocabulary: the endpoint answers them as HTTP 400
 * (500 for InternalErrorException) with `{ __type, message }` and `x-amzn-ErrorType`; the accounts
 * calls map them to their own statuses (shared-contracts `AccountErrorCode`).
 */
export type IdentityErrorType =
  | 'NotAuthorizedException'
  | 'UsernameExistsException'
  | 'InvalidPasswordException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'LimitExceededException'
  | 'TooManyRequestsException'
  | 'UserNotFoundException'
  | 'UserNotConfirmedException'
  | 'InvalidParameterException'
  | 'ResourceNotFoundException'
  | 'UnknownOperationException'
  | 'SerializationException'
  | 'InternalErrorException';

export class IdentityError extends Error {
  constructor(
    readonly type: IdentityErrorType,
    message: string,
  ) {
    super(message);
    this.name = type;
  }

  get statusCode(): number {
    return this.type === 'InternalErrorException' ? 500 : 400;
  }
}

/** Cognito's wording, where known. */
export const MESSAGES = {
  badCredentials: 'Incorrect username or password.',
  locked: 'Password attempts exceeded',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  usernameExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  tooManyRequests: 'Too many requests, please try again later.',
  notConfirmed: 'User is not confirmed.',
  invalidAccessToken: 'Invalid Access Token',
  expiredAccessToken: 'Access Token has expired',
  revokedAccessToken: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  expiredRefreshToken: 'Refresh Token has expired',
  revokedRefreshToken: 'Refresh Token has been revoked',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
  internal: 'Internal server error.',
} as const;

export const badCredentials = () => new IdentityError('NotAuthorizedException', MESSAGES.badCredentials);
