import { operatorPaths, type OperatorLoginInput } from '@erd/shared-contracts';
import { apiPost } from '../../../api/http';
import type { OperatorInfo } from '../../../lib/operator-session';
import { toOperatorInfo } from './get-operator-session';

/**
 * POST /api/operator/login: sets the http-only session cookie and answers the operator.
 * 401 `InvalidCredentials` for a wrong address or password, 429 `LimitExceeded` after too many tries.
 */
export async function logIn(input: OperatorLoginInput): Promise<OperatorInfo> {
  const operator = toOperatorInfo(await apiPost<unknown>(operatorPaths.login, input));
  return { ...operator, email: operator.email ?? input.email };
}
