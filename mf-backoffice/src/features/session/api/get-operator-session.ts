import { isApiError, operatorPaths } from '@erd/shared-contracts';
import { apiGet } from '../../../api/http';
import type { OperatorInfo } from '../../../lib/operator-session';

/**
 * The operator as the server answers it (login, `GET /api/operator/me`): `{ id, email }`, and with
 * operator roles also `role` and `idleTimeoutSeconds`. Read field by field: a remote released on
 * its own may meet a server from before or after roles.
 */
export function toOperatorInfo(answer: unknown): OperatorInfo {
  const body = (answer ?? {}) as { email?: unknown; role?: unknown; idleTimeoutSeconds?: unknown; mustChangePassword?: unknown };
  return {
    email: typeof body.email === 'string' ? body.email : null,
    role: typeof body.role === 'string' ? body.role : null,
    idleTimeoutSeconds: typeof body.idleTimeoutSeconds === 'number' && body.idleTimeoutSeconds > 0 ? body.idleTimeoutSeconds : null,
    mustChangePassword: body.mustChangePassword === true,
  };
}

/**
 * Is an operator signed in? `GET /api/operator/me`: 200 → the operator, 401 → nobody (null).
 * A server without that call (404) is asked through the review list instead (`size=1`): 200 →
 * signed in with the role unknown, 401 → nobody. Anything else (network, 5xx) rejects.
 */
export async function getOperatorSession(): Promise<OperatorInfo | null> {
  try {
    return toOperatorInfo(await apiGet<unknown>(operatorPaths.me));
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    if (isApiError(error) && error.status === 404) return probeSession();
    throw error;
  }
}

async function probeSession(): Promise<OperatorInfo | null> {
  try {
    await apiGet(operatorPaths.participations, { params: { state: 'pending', size: 1 } });
    return { email: null, role: null, idleTimeoutSeconds: null };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
