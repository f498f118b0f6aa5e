import { mockXhr, type FakeXhrInit } from '../testing/index.js';
import { createHttpClient, XSRF_COOKIE, XSRF_TOKEN_PATH } from './client.js';

/**
 * The anti-forgery header of unsafe same-origin calls. The pages set no cookie (they are publicly
 * cacheable): before its first unsafe call without the cookie, the client asks `XSRF_TOKEN_PATH`
 * for it, once for any number of calls at the same time.
 */

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
/** Bodies the server takes (the fake network checks them against its OpenAPI document). */
const VOTE = { challengeId: 'challenge-text', participationId: 't-12' };
const PROFILE = {
  fields: { firstname: 'Erika', lastname: 'Muster', street: 'Hauptstr. 1', city: 'Eching' },
  updatedAt: '2026-04-01T10:00:00.000Z',
};

function clearCookie() {
  document.cookie = `${XSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

beforeEach(clearCookie);
afterAll(clearCookie);

const sent = (mock: jest.Mock) =>
  (mock.mock.calls as Array<[URL, FakeXhrInit]>).map(
    ([url, init]) => `${init.method} ${url.pathname} ${init.headers['x-xsrf-token'] ?? '-'}`,
  );

test('without the cookie, the first unsafe calls ask for it once and send it as the header', async () => {
  const mock = mockXhr({
    [`GET ${XSRF_TOKEN_PATH}`]: () => {
      document.cookie = `${XSRF_COOKIE}=${TOKEN}; path=/`;
      return { status: 204 };
    },
    'POST /api/votes': { body: { votes: 1 } },
    'PUT /api/profile': { body: {} },
    'GET /api/me': { body: {} },
  });
  const http = createHttpClient();
  await http.get('/api/me');
  await Promise.all([http.post('/api/votes', VOTE), http.put('/api/profile', PROFILE)]);
  await http.post('/api/votes', VOTE);
  // The two calls made at the same time go out in either order, after the one token request.
  const calls = sent(mock);
  expect([...calls.slice(0, 2), calls.slice(2, 4).sort(), calls[4]]).toEqual([
    'GET /api/me -',
    `GET ${XSRF_TOKEN_PATH} -`,
    [`POST /api/votes ${TOKEN}`, `PUT /api/profile ${TOKEN}`],
    `POST /api/votes ${TOKEN}`,
  ]);
});

test('with the cookie there is no token request', async () => {
  document.cookie = `${XSRF_COOKIE}=${TOKEN}; path=/`;
  const mock = mockXhr({ 'DELETE /api/profile': { status: 204 } });
  await createHttpClient({ authenticated: true }).delete('/api/profile');
  expect(sent(mock)).toEqual([`DELETE /api/profile ${TOKEN}`]);
});

test('when the token cannot be had, the call goes out without the header and the server’s refusal is the error', async () => {
  const mock = mockXhr({
    [`GET ${XSRF_TOKEN_PATH}`]: { status: 0 },
    'POST /api/votes': { status: 403, body: { code: 'Forbidden', message: 'Ungültiges oder fehlendes Anti-Forgery-Token' } },
  });
  await expect(createHttpClient().post('/api/votes', VOTE)).rejects.toMatchObject({ status: 403, code: 'Forbidden' });
  expect(sent(mock)).toEqual([`GET ${XSRF_TOKEN_PATH} -`, 'POST /api/votes -']);
});

test('calls to another origin neither ask for the token nor carry it', async () => {
  const mock = mockXhr({ 'POST /v1/signup': { body: {} } });
  await createHttpClient().post('https://content.example.org/v1/signup', {});
  expect(sent(mock)).toEqual(['POST /v1/signup -']);
});
