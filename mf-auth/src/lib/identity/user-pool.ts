import { CognitoUserPool } from 'amazon-cognito-identity-js';
import { getRuntimeConfig, resolveServiceUrl } from '@erd/shared-contracts';
import { cognitoSessionStorage } from './storage';

/**
 * The user pool of the runtime configuration (`identity`: pool id, client id and, for our own
 * identity service, the endpoint; a relative endpoint is resolved against the site). One
 * instance per configuration.
 */
let pool: CognitoUserPool | null = null;
let poolKey = '';

export function getUserPool(): CognitoUserPool {
  const { identity } = getRuntimeConfig();
  const key = JSON.stringify(identity);
  if (!pool || key !== poolKey) {
    pool = new CognitoUserPool({
      UserPoolId: identity.userPoolId,
      ClientId: identity.clientId,
      ...(identity.endpoint ? { endpoint: resolveServiceUrl(identity.endpoint) } : {}),
      Storage: cognitoSessionStorage,
    });
    poolKey = key;
  }
  return pool;
}
