import type { PresignedPostDto } from '@erd/shared-contracts/wire';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect } from '@playwright/test';
import { PASSWORD } from './accounts';
import { pngBytes } from './images';

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

/** The headers of a club's unsafe API calls: its access token and the anti-forgery header. */
export async function clubHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await accessToken(request, email)}`, ...(await xsrfHeader(request)) };
}

/** Signs a back-office operator in through the API; returns the anti-forgery header their next calls need. */
export async function operatorLogin(
  request: APIRequestContext,
  operator: { email: string; password: string },
): Promise<Record<string, string>> {
  const xsrf = await xsrfHeader(request);
  expect((await request.post('/api/operator/login', { headers: xsrf, data: operator })).status()).toBeLessThan(300);
  return xsrf;
}

/** Publishes an entry as the signed-in operator, with the Werberat checklist confirmed. */
export async function publishEntry(request: APIRequestContext, xsrf: Record<string, string>, id: string): Promise<void> {
  const published = await request.post(`/api/operator/participations/${id}/publish`, { headers: xsrf, data: WERBERAT_ALL_CONFIRMED });
  expect(published.status(), await published.text()).toBeLessThan(300);
}

/**
 * A club's picture for the e2e season's 'e2e-bild' challenge, as the browser sends it: a presigned
 * upload of the test PNG ('jubel.png'), then the entry naming the uploaded file. Returns the entry's answer.
 */
export async function submitPictureEntry(request: APIRequestContext, headers: Record<string, string>): Promise<APIResponse> {
  const presign = await request.post('/api/challenge/particpation/e2e-bild/createpresignedpost', {
    headers,
    data: { name: 'jubel.png', contentType: 'image/png' },
  });
  expect(presign.status(), await presign.text()).toBe(200);
  const post = (await presign.json()) as PresignedPostDto;
  const upload = await request.post(post.data.url, {
    headers: await xsrfHeader(request),
    multipart: { ...post.data.fields, file: { name: 'jubel.png', mimeType: 'image/png', buffer: await pngBytes() } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const entry = await request.put('/api/challenge/particpation/e2e-bild', { headers, data: { picture: post.file } });
  expect(entry.status(), await entry.text()).toBeLessThan(300);
  return entry;
}
