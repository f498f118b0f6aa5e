import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { PASSWORD } from './accounts';

/** A club's access token through the identity service's USER_PASSWORD_AUTH (the browser uses SRP). */
export async function accessToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  const res = await request.post(config.identity.endpoint, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AuthenticationResult.AccessToken as string;
}

/** `XSRF_TOKEN_PATH` of shared-contracts/src/http/xsrf.ts (e2e imports only types from the workspace packages). */
const XSRF_TOKEN_PATH = '/api/xsrf-token';

/** The anti-forgery cookie (set by its own private answer, as for the browser's API client), as the header unsafe /api calls need. */
export async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  expect((await request.get(XSRF_TOKEN_PATH)).status()).toBe(204);
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie).toBeDefined();
  return { 'x-xsrf-token': cookie!.value };
}

/** The body of a publication through the operator API: the Werberat checklist with every point confirmed. */
export const WERBERAT_ALL_CONFIRMED = { checklist: { minors: true, traffic: true, performance: true, excess: true } } as const;
