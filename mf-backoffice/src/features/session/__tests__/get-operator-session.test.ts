import { mockXhr } from '@erd/shared-contracts/testing';
import { ME, OPERATOR_EMAIL, QUEUE } from '../../../testing/fixtures';
import { getOperatorSession, toOperatorInfo } from '../api/get-operator-session';

const unauthorized = { status: 401, body: { code: 'Unauthorized', message: 'Bitte melde dich als Operator an.' } };
const notFound = { status: 404, body: { code: 'NotFound', message: 'Nicht gefunden' } };

describe('getOperatorSession', () => {
  it('reads role and idle timeout from GET /api/operator/me', async () => {
    mockXhr({ [ME]: { body: { id: 'op-1', email: OPERATOR_EMAIL, role: 'moderator', idleTimeoutSeconds: 1800 } } });
    await expect(getOperatorSession()).resolves.toEqual({
      email: OPERATOR_EMAIL,
      role: 'moderator',
      idleTimeoutSeconds: 1800,
      mustChangePassword: false,
    });
  });

  it('reads that an admin’s start password must be changed first', async () => {
    mockXhr({
      [ME]: {
        body: { id: 'op-2', email: 'neu@punktejagd.example', role: 'moderator', idleTimeoutSeconds: 1800, mustChangePassword: true },
      },
    });
    await expect(getOperatorSession()).resolves.toMatchObject({ mustChangePassword: true });
  });

  it('takes an answer without role as signed in with the role unknown', async () => {
    mockXhr({ [ME]: { body: { id: 'op-1', email: OPERATOR_EMAIL } } });
    await expect(getOperatorSession()).resolves.toEqual({
      email: OPERATOR_EMAIL,
      role: null,
      idleTimeoutSeconds: null,
      mustChangePassword: false,
    });
  });

  it('is null without a session (401)', async () => {
    const xhr = mockXhr({ [ME]: unauthorized });
    await expect(getOperatorSession()).resolves.toBeNull();
    expect(xhr).toHaveBeenCalledTimes(1);
  });

  it('asks the review list when the server has no /me (404): 200 is signed in with the role unknown', async () => {
    const xhr = mockXhr({ [ME]: notFound, [QUEUE]: { body: { items: [], total: 0 } } });
    await expect(getOperatorSession()).resolves.toEqual({ email: null, role: null, idleTimeoutSeconds: null });
    const probe = xhr.mock.calls[1]![0];
    expect(probe.pathname).toBe('/api/operator/participations');
    expect(probe.searchParams.get('size')).toBe('1');
  });

  it('… and 401 there is signed out', async () => {
    mockXhr({ [ME]: notFound, [QUEUE]: unauthorized });
    await expect(getOperatorSession()).resolves.toBeNull();
  });

  it('rejects when the server fails or cannot be reached', async () => {
    mockXhr({ [ME]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
    await expect(getOperatorSession()).rejects.toMatchObject({ name: 'ApiError', status: 500 });
    mockXhr({ [ME]: { status: 0 } });
    await expect(getOperatorSession()).rejects.toMatchObject({ name: 'ApiError', code: 'NetworkError' });
  });
});

test('toOperatorInfo keeps only fields of the expected types', () => {
  expect(toOperatorInfo({ email: 3, role: ['admin'], idleTimeoutSeconds: '1800', mustChangePassword: 'ja' })).toEqual({
    email: null,
    role: null,
    idleTimeoutSeconds: null,
    mustChangePassword: false,
  });
  expect(toOperatorInfo(null)).toEqual({ email: null, role: null, idleTimeoutSeconds: null, mustChangePassword: false });
  expect(toOperatorInfo({ idleTimeoutSeconds: 0 }).idleTimeoutSeconds).toBeNull();
});
